import type { Bbox } from './geo';
import { MAX_FLOOR, MIN_FLOOR } from './property-options';

/**
 * The search's filters beyond place, category, rooms and price (issue 39, docs/decisions/0049): zod-free, so
 * the listing pages load them without zod. Each amenity is a feature a property lists, by its stored name.
 */
export const AMENITIES = {
  parking: 'חניה',
  safeRoom: 'ממ"ד',
  elevator: 'מעלית',
  storage: 'מחסן',
  accessible: 'גישה לנכים',
  balcony: 'מרפסת',
} as const;
export type Amenity = keyof typeof AMENITIES;
export const AMENITY_KEYS = Object.keys(AMENITIES) as Amenity[];

/** How an amenity reads on a chip ('ממ״ד' with gershayim, as Hebrew writes an acronym). */
export const AMENITY_LABELS: Record<Amenity, string> = {
  parking: 'חניה',
  safeRoom: 'ממ״ד',
  elevator: 'מעלית',
  storage: 'מחסן',
  accessible: 'נגיש לנכים',
  balcony: 'מרפסת',
};

/**
 * The entry-date filter: the data holds a word (ENTRY_DATE_OPTIONS), not a date. 'immediate': the entry is
 * 'מידי'; 'flexible': 'מידי' or 'גמיש' (a buyer who must move soon can live with either).
 */
export const ENTRY_FILTERS = { immediate: ['מידי'], flexible: ['מידי', 'גמיש'] } as const;
export type EntryFilter = keyof typeof ENTRY_FILTERS;
export const ENTRY_FILTER_KEYS = Object.keys(ENTRY_FILTERS) as EntryFilter[];
export const ENTRY_LABELS: Record<EntryFilter, string> = {
  immediate: 'כניסה מיידית',
  flexible: 'כניסה מיידית או גמישה',
};

/** Floor bounds a search may ask for (the stored floors' range); ground is 0, a basement -1. */
export const SEARCH_FLOORS = { min: MIN_FLOOR, max: MAX_FLOOR } as const;
/** Price per square metre bounds, whole shekels. */
export const PRICE_PER_METER_MAX = 1_000_000;

/** The extra filters as a search and a saved search hold them; null, false or empty: not filtered. */
export type ExtraFilters = {
  minFloor: number | null;
  maxFloor: number | null;
  notGround: boolean;
  notTop: boolean;
  amenities: Amenity[];
  entry: EntryFilter | null;
  minPricePerMeter: number | null;
  maxPricePerMeter: number | null;
  neighbourhood: string;
  /** 'Search this area' (docs/locations.md): the listings whose public point lies in the map's box. */
  bbox: Bbox | null;
};

export const NO_EXTRA_FILTERS: ExtraFilters = {
  minFloor: null,
  maxFloor: null,
  notGround: false,
  notTop: false,
  amenities: [],
  entry: null,
  minPricePerMeter: null,
  maxPricePerMeter: null,
  neighbourhood: '',
  bbox: null,
};

const floorName = (floor: number) => (floor === 0 ? 'קרקע' : String(floor));
const shekels = (value: number) => `${value.toLocaleString('en-US')} ₪`;

function floorChip(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null)
    return min === max ? `קומה ${floorName(min)}` : `קומה ${floorName(min)}–${floorName(max)}`;
  if (min !== null) return `מקומה ${floorName(min)} ומעלה`;
  if (max !== null) return `עד קומה ${floorName(max)}`;
  return null;
}

function pricePerMeterChip(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${shekels(min)}–${shekels(max)} למ״ר`;
  if (min !== null) return `מ-${shekels(min)} למ״ר`;
  if (max !== null) return `עד ${shekels(max)} למ״ר`;
  return null;
}

/**
 * The extra filters in force as short Hebrew chips, in a fixed order: 'קומה 2–5', 'לא קומת קרקע', 'לא קומה
 * אחרונה', the amenities ('חניה', 'ממ״ד'...), the entry, the price per m², the neighbourhood, the map's area. Shown joined by
 * ' · ' ('קומה 2–5 · חניה · ממ״ד'). `amenities: false` leaves the amenities out (a saved search's sentence
 * names them as features).
 */
export function extraFilterChips(f: Partial<ExtraFilters>, options: { amenities?: boolean } = {}): string[] {
  const chips: string[] = [];
  const floor = floorChip(f.minFloor ?? null, f.maxFloor ?? null);
  if (floor) chips.push(floor);
  if (f.notGround) chips.push('לא קומת קרקע');
  if (f.notTop) chips.push('לא קומה אחרונה');
  if (options.amenities !== false)
    for (const amenity of AMENITY_KEYS)
      if (f.amenities?.includes(amenity)) chips.push(AMENITY_LABELS[amenity]);
  if (f.entry) chips.push(ENTRY_LABELS[f.entry]);
  const ppm = pricePerMeterChip(f.minPricePerMeter ?? null, f.maxPricePerMeter ?? null);
  if (ppm) chips.push(ppm);
  const neighbourhood = f.neighbourhood?.trim();
  if (neighbourhood) chips.push(`שכונת ${neighbourhood}`);
  if (f.bbox) chips.push('באזור שסומן במפה');
  return chips;
}
