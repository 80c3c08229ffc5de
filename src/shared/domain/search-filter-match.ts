import { inBbox } from './geo-box';
import { FLOOR_WORDS } from './property-options';
import {
  AMENITIES,
  ENTRY_FILTER_KEYS,
  ENTRY_FILTERS,
  type EntryFilter,
  type ExtraFilters,
} from './search-filters';

/*
 * How the search's extra filters (search-filters.ts) meet a property: the rule the search's SQL and the alerts'
 * statement restate. A module of its own, so the listing pages, which only build and show filters, do not load it.
 */

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
  /** The public point (docs/decisions/0061): 'search this area' reads it, never the exact one. */
  publicLat?: number | null;
  publicLng?: number | null;
};

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Whether a property meets the extra filters, as the search's SQL decides it (search-shapes.ts) and the alerts'
 * statement too (modules/alerts/matching.ts). A property without the fact a filter asks about (no floor, no
 * size, no point for a map box) does not meet that filter, except 'not top': only a floor known to be the building's top (or a
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
  if (f.bbox) {
    if (p.publicLat == null || p.publicLng == null) return false;
    if (!inBbox({ lat: p.publicLat, lng: p.publicLng }, f.bbox)) return false;
  }
  return true;
}

/** A penthouse is the top by definition; otherwise a floor at or above the building's known floor count. */
export function isTopFloor(p: FilterableProperty, floor: number | null = floorNumberOf(p.floor)): boolean {
  if (p.category.startsWith('פנטהאוז')) return true;
  return floor !== null && p.buildingFloors != null && floor >= p.buildingFloors;
}

/** The entry filters a property's entry word meets ('מידי': both; 'גמיש': flexible only). */
export const entryFiltersMet = (entryDate: string | null | undefined): EntryFilter[] =>
  ENTRY_FILTER_KEYS.filter((key) => (ENTRY_FILTERS[key] as readonly string[]).includes(entryDate ?? ''));
