import { FLOOR_WORDS, MAX_FLOOR, MIN_FLOOR } from './property-options';

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
};

/** A stored floor as a number: ground 0, basement -1, a number as written; null when there is none. */
export function floorNumberOf(floor: string | null | undefined): number | null {
  if (floor == null) return null;
  if (floor === FLOOR_WORDS[0]) return 0;
  if (floor === FLOOR_WORDS[1]) return -1;
  return /^-?\d{1,3}$/.test(floor) ? Number(floor) : null;
}

/** What the extra filters read of a property. */
export type FilterableProperty = {
  floor?: string | null;
  buildingFloors?: number | null;
  category: string;
  features: readonly string[];
  entryDate?: string | null;
  price: number;
  size?: number | null;
  neighbourhood?: string | null;
};

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Whether a property meets the extra filters, as the search's SQL decides it (search-shapes.ts) and the alerts'
 * statement too (modules/alerts/matching.ts). A property without the fact a filter asks about (no floor, no
 * size) does not meet that filter, except 'not top': only a floor known to be the building's top (or a
 * penthouse) is left out.
 */
export function extraFiltersMatch(f: Partial<ExtraFilters>, p: FilterableProperty): boolean {
  const floor = floorNumberOf(p.floor);
  const minFloor = f.minFloor ?? null;
  const maxFloor = f.maxFloor ?? null;
  if ((minFloor !== null || maxFloor !== null || f.notGround) && floor === null) return false;
  if (floor !== null) {
    if (minFloor !== null && floor < minFloor) return false;
    if (maxFloor !== null && floor > maxFloor) return false;
    if (f.notGround && floor === 0) return false;
  }
  if (f.notTop && isTopFloor(p, floor)) return false;
  for (const amenity of f.amenities ?? []) if (!p.features.includes(AMENITIES[amenity])) return false;
  if (f.entry) {
    const allowed: readonly string[] = ENTRY_FILTERS[f.entry];
    if (!p.entryDate || !allowed.includes(p.entryDate)) return false;
  }
  const minPpm = f.minPricePerMeter ?? null;
  const maxPpm = f.maxPricePerMeter ?? null;
  if (minPpm !== null || maxPpm !== null) {
    if (!p.size) return false;
    if (minPpm !== null && p.price < minPpm * p.size) return false;
    if (maxPpm !== null && p.price > maxPpm * p.size) return false;
  }
  const neighbourhood = f.neighbourhood?.trim() ?? '';
  if (neighbourhood && !(p.neighbourhood && sameText(p.neighbourhood, neighbourhood))) return false;
  return true;
}

/** A penthouse is the top by definition; otherwise a floor at or above the building's known floor count. */
export function isTopFloor(p: FilterableProperty, floor: number | null = floorNumberOf(p.floor)): boolean {
  if (p.category.startsWith('פנטהאוז')) return true;
  return floor !== null && p.buildingFloors != null && floor >= p.buildingFloors;
}

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
 * אחרונה', the amenities ('חניה', 'ממ״ד'...), the entry, the price per m², the neighbourhood. Shown joined by
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
  return chips;
}

/** The entry filters a property's entry word meets ('מידי': both; 'גמיש': flexible only). */
export const entryFiltersMet = (entryDate: string | null | undefined): EntryFilter[] =>
  ENTRY_FILTER_KEYS.filter((key) => (ENTRY_FILTERS[key] as readonly string[]).includes(entryDate ?? ''));
