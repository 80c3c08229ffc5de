import { roomsText } from './rooms';

import { type ExtraFilters, extraFilterChips } from './search-filters';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS } from './search-limits';

export { SEARCH_PRICE_MAX, SEARCH_ROOMS };

export type SearchType = 'sale' | 'rent';

/**
 * A saved search: the filters of /Sale or /Rent (without the sort order) and the features asked for. A range
 * end at the slider's end means no bound on that side (as on the listing pages, where such a filter is left
 * out), an empty city, street or category means any. The extra filters of issue 39 (floor, entry, price per
 * m², neighbourhood) are optional: a search saved before them has none; the amenities are among the features.
 */
export type SavedSearchFilters = {
  type: SearchType;
  city: string;
  street: string;
  category: string;
  minRooms: number;
  maxRooms: number;
  minPrice: number;
  maxPrice: number;
  features: string[];
} & Partial<Omit<ExtraFilters, 'amenities'>>;

/** Bounds in force: null where the range end is the slider's end (no bound on that side). */
export function searchBounds(filters: SavedSearchFilters) {
  return {
    minRooms: filters.minRooms > SEARCH_ROOMS.min ? filters.minRooms : null,
    maxRooms: filters.maxRooms < SEARCH_ROOMS.max ? filters.maxRooms : null,
    minPrice: filters.minPrice > 0 ? filters.minPrice : null,
    maxPrice: filters.maxPrice < SEARCH_PRICE_MAX[filters.type] ? filters.maxPrice : null,
  };
}

/** Categories as a plural noun phrase ('דירות', 'וילות', 'נכסים מסחריים'); unknown or none: 'נכסים'. */
const CATEGORY_PLURALS: Record<string, string> = {
  דירה: 'דירות',
  'דירת גן': 'דירות גן',
  'פנטהאוז דופלקס': 'פנטהאוזים דופלקס',
  פנטהאוז: 'פנטהאוזים',
  "קוטג'": "קוטג'ים",
  משרדים: 'משרדים',
  וילה: 'וילות',
  'דירת גן דופלקס': 'דירות גן דופלקס',
  שטח: 'שטחים',
  מסחרי: 'נכסים מסחריים',
  'דו משפחתי': 'בתים דו משפחתיים',
  בית: 'בתים',
  אחר: 'נכסים',
};

const shekels = (value: number) => `${value.toLocaleString('en-US')} ₪`;
const half = (rooms: number) => rooms.toLocaleString('en-US', { maximumFractionDigits: 1 });

function roomsPart(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return min === max ? roomsText(min) : `${half(min)}–${half(max)} חדרים`;
  if (min !== null) return `${min === 1 ? 'חדר אחד' : `${half(min)} חדרים`} ומעלה`;
  if (max !== null) return max === SEARCH_ROOMS.min ? roomsText(max) : `עד ${roomsText(max)}`;
  return null;
}

function pricePart(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${shekels(min)}–${shekels(max)}`;
  if (min !== null) return `מ-${shekels(min)}`;
  if (max !== null) return `עד ${shekels(max)}`;
  return null;
}

/** 'מעלית', 'מעלית וחניה', 'מעלית, חניה ומרפסת'. */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ו${items.at(-1)}`;
}

/**
 * How a saved search reads, in Hebrew: 'דירות 4–5 חדרים בחיפה עד 2,500,000 ₪'. Rentals say so
 * ('דירות להשכרה 3 חדרים בתל אביב עד 6,000 ₪'); what is not filtered is not said. A sale search that
 * narrows nothing else says what it is for ('נכסים למכירה', 'דירות למכירה') rather than a bare noun.
 */
export function savedSearchSentence(filters: SavedSearchFilters): string {
  const bounds = searchBounds(filters);
  const parts = [CATEGORY_PLURALS[filters.category] ?? 'נכסים'];
  if (filters.type === 'rent') parts.push('להשכרה');
  const rooms = roomsPart(bounds.minRooms, bounds.maxRooms);
  if (rooms) parts.push(rooms);
  const city = filters.city.trim();
  const street = filters.street.trim();
  if (city) parts.push(street ? `ב${city}, ברחוב ${street}` : `ב${city}`);
  const price = pricePart(bounds.minPrice, bounds.maxPrice);
  if (price) parts.push(price);
  if (filters.features.length > 0) parts.push(`עם ${list(filters.features)}`);
  if (filters.type === 'sale' && parts.length === 1) parts.push('למכירה');
  const extra = extraFilterChips(filters, { amenities: false });
  return extra.length > 0 ? `${parts.join(' ')} · ${extra.join(' · ')}` : parts.join(' ');
}
