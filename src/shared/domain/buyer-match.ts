import { TRANSACTION_TYPES } from './property-options';
import { type SavedSearchFilters, searchBounds } from './saved-search';
import { extraFiltersMatch, type FilterableProperty } from './search-filter-match';

/** A listing up to this share over a requirement's maximum price still matches, and says so. */
export const PRICE_TOLERANCE = 0.05;

/** What matching reads of a property (the extra filters' facts too: floor, size, entry, neighbourhood). */
export type MatchableProperty = FilterableProperty & {
  typeTransaction: string;
  city: string;
  address: string;
  price: number;
  rooms: number | null;
  category: string;
  features: readonly string[];
  sold: boolean;
};

export type BuyerMatch =
  | { matches: false }
  /** overMaxPercent: how far over the maximum price (1 to 5, rounded up), 0 when within it. */
  | { matches: true; overMaxPercent: number };

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Whether a property meets a buyer's requirement (a saved search): the deal type; the city and street when
 * given; the rooms range (a property without a room count meets only a requirement with no rooms bound); the
 * price range, where up to PRICE_TOLERANCE over the maximum still matches and is flagged; the category when
 * given; every feature asked for; and the extra filters (floor, entry, price per m², neighbourhood:
 * extraFiltersMatch). Sold or rented properties never match.
 */
export function matchRequirement(filters: SavedSearchFilters, property: MatchableProperty): BuyerMatch {
  const no = { matches: false } as const;
  if (property.sold || property.typeTransaction !== TRANSACTION_TYPES[filters.type]) return no;
  if (filters.city.trim() && !same(filters.city, property.city)) return no;
  const street = filters.street.trim().toLocaleLowerCase();
  if (street && !property.address.toLocaleLowerCase().includes(street)) return no;
  if (filters.category && filters.category !== property.category) return no;
  const bounds = searchBounds(filters);
  if (bounds.minRooms !== null || bounds.maxRooms !== null) {
    if (property.rooms === null) return no;
    if (bounds.minRooms !== null && property.rooms < bounds.minRooms) return no;
    if (bounds.maxRooms !== null && property.rooms > bounds.maxRooms) return no;
  }
  if (bounds.minPrice !== null && property.price < bounds.minPrice) return no;
  let overMaxPercent = 0;
  if (bounds.maxPrice !== null && property.price > bounds.maxPrice) {
    if (property.price > bounds.maxPrice * (1 + PRICE_TOLERANCE)) return no;
    overMaxPercent = Math.ceil(((property.price - bounds.maxPrice) / bounds.maxPrice) * 100);
  }
  if (!filters.features.every((feature) => property.features.includes(feature))) return no;
  if (!extraFiltersMatch(filters, property)) return no;
  return { matches: true, overMaxPercent };
}

/** The flag an agent reads on a match over the maximum: 'מעל התקציב ב-3%'. */
export const overMaxText = (percent: number) => `מעל התקציב ב-${percent}%`;
