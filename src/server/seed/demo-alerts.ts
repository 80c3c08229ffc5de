import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { type SavedSearchFilters, SEARCH_PRICE_MAX, SEARCH_ROOMS } from '@shared/domain/saved-search';
import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import type { Database } from '../db/client';
import { alertSubscribers, type properties, savedSearches } from '../db/schema';
import { ensureRequirement } from '../modules/alerts';

type Property = typeof properties.$inferSelect;

const BUYERS = [
  { name: 'נועה ברק', email: 'noa.buyer@example.com', phone: '052-640 1188' },
  { name: 'איתי שגיא', email: 'itai.buyer@example.com', phone: '' },
];

/** A search a listing meets: its deal type, city and category, rooms around it, a budget just below its price. */
function searchFor(listing: Property, tight: boolean): SavedSearchFilters {
  const type = listing.typeTransaction === TRANSACTION_TYPES.rent ? 'rent' : 'sale';
  const rooms = listing.rooms ?? SEARCH_ROOMS.min;
  return {
    type,
    city: listing.city,
    street: '',
    category: listing.category,
    minRooms: Math.max(SEARCH_ROOMS.min, Math.floor(rooms) - 1),
    maxRooms: SEARCH_ROOMS.max,
    minPrice: 0,
    // The tight budget is 3% under the price: the match shows as over the budget.
    maxPrice: Math.min(SEARCH_PRICE_MAX[type], tight ? Math.round(listing.price * 0.97) : listing.price * 2),
    features: [],
  };
}

/** Two confirmed buyers with saved searches that demo listings match: requirements, leads and 'קונים מתאימים'. */
export async function seedDemoAlerts(db: Database, listings: Property[]) {
  const open = listings.filter((l) => !l.sold);
  for (const [index, buyer] of BUYERS.entries()) {
    const listing = open[index * 3];
    if (!listing) continue;
    await db.transaction(async (tx) => {
      const now = new Date();
      const [subscriber] = await tx
        .insert(alertSubscribers)
        .values({ ...buyer, consentText: ALERTS_CONSENT_TEXT, consentAt: now, confirmedAt: now })
        .returning();
      await tx
        .insert(savedSearches)
        .values({ subscriberId: subscriber!.id, filters: searchFor(listing, index === 0), confirmedAt: now });
      await ensureRequirement(tx, subscriber!);
    });
  }
}
