// Written by the properties module in its own transactions; read by the alerts job (modules/alerts/matching.ts).
import { alertEvents, type properties } from '../../db/schema';
import type { Transaction } from '../mail';

type PropertyRow = typeof properties.$inferSelect;

/** The fields a requirement reads: an edit of one of them may make an old listing match someone anew. */
const MATCHED_FIELDS = ['typeTransaction', 'city', 'address', 'rooms', 'category', 'sold'] as const;

/** What a create or an update means for alerts: a new listing, a price drop, or nothing. */
export function alertEventOf(
  before: PropertyRow | null,
  after: PropertyRow,
): { kind: 'newListing' | 'priceDrop'; oldPrice: number | null } | null {
  if (after.sold) return null;
  if (!before) return { kind: 'newListing', oldPrice: null };
  if (after.price < before.price) return { kind: 'priceDrop', oldPrice: before.price };
  const changed =
    MATCHED_FIELDS.some((field) => before[field] !== after[field]) ||
    before.features.join('\n') !== after.features.join('\n');
  return changed ? { kind: 'newListing', oldPrice: null } : null;
}

/**
 * Records, in the property's own transaction, what the alerts job should look at: the job matches it later
 * (an admin's save never waits for matching), and a crash can never lose it.
 */
export async function recordPropertyChange(tx: Transaction, before: PropertyRow | null, after: PropertyRow) {
  const event = alertEventOf(before, after);
  if (!event) return;
  await tx.insert(alertEvents).values({
    propertyId: after.id,
    kind: event.kind,
    oldPrice: event.oldPrice,
    newPrice: after.price,
  });
}
