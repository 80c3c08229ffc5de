import { bboxText, parseBbox } from '@shared/domain/geo-box';
import { PROPERTY_CATEGORIES, SEARCH_SORTS, type SearchSort } from '@shared/domain/property-options';
import {
  AMENITY_KEYS,
  type Amenity,
  ENTRY_FILTER_KEYS,
  type EntryFilter,
  type ExtraFilters,
  NO_EXTRA_FILTERS,
  PRICE_PER_METER_MAX,
  SEARCH_FLOORS,
} from '@shared/domain/search-filters';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS } from '@shared/domain/search-limits';
import { he } from '@web/i18n/he';
import { searchFilters } from '@web/i18n/search-filters';
import { formatPrice } from '@web/lib/format';

/** The filters of SPEC sections 2 and 5 and of issue 39 (ExtraFilters), as they live in the URL query. */
export type Filters = ExtraFilters & {
  city: string;
  street: string;
  category: string;
  minRooms: number;
  maxRooms: number;
  minPrice: number;
  maxPrice: number;
  sort: SearchSort;
};

/** The slider ends, shared with saved searches (src/shared/domain/saved-search.ts). */
export const ROOMS = SEARCH_ROOMS;
export const PRICE_STEP = 500;
export const PRICE_MAX = SEARCH_PRICE_MAX;

export const defaultFilters = (type: 'sale' | 'rent'): Filters => ({
  city: '',
  street: '',
  category: '',
  minRooms: ROOMS.min,
  maxRooms: ROOMS.max,
  minPrice: 0,
  maxPrice: PRICE_MAX[type],
  sort: 'newest',
  ...NO_EXTRA_FILTERS,
});

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
function numberParam(params: URLSearchParams, key: string, fallback: number, min: number, max: number) {
  const raw = params.get(key);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? clamp(value, min, max) : fallback;
}

/** Filters from the URL; anything missing or invalid falls back to the default. */
export function parseFilters(type: 'sale' | 'rent', params: URLSearchParams): Filters {
  const d = defaultFilters(type);
  const category = params.get('category') ?? '';
  const sort = params.get('sort') as SearchSort | null;
  const city = (params.get('city') ?? '').trim();
  const rooms = ordered(
    numberParam(params, 'minRooms', d.minRooms, ROOMS.min, ROOMS.max),
    numberParam(params, 'maxRooms', d.maxRooms, ROOMS.min, ROOMS.max),
  );
  const prices = ordered(
    numberParam(params, 'minPrice', d.minPrice, 0, PRICE_MAX[type]),
    numberParam(params, 'maxPrice', d.maxPrice, 0, PRICE_MAX[type]),
  );
  return {
    city,
    street: city ? (params.get('street') ?? '').trim() : '',
    category: (PROPERTY_CATEGORIES as readonly string[]).includes(category) ? category : '',
    minRooms: rooms[0],
    maxRooms: rooms[1],
    minPrice: prices[0],
    maxPrice: prices[1],
    sort: sort && SEARCH_SORTS.includes(sort) ? sort : d.sort,
    ...parseExtraFilters(params),
  };
}

function wholeParam(params: URLSearchParams, key: string, min: number, max: number): number | null {
  const raw = params.get(key);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}
const flagParam = (params: URLSearchParams, key: string) => ['1', 'true'].includes(params.get(key) ?? '');

/** A range whose ends were swapped means the same range; a missing end stays missing. */
function orderedOrNull(a: number | null, b: number | null): [number | null, number | null] {
  return a !== null && b !== null && a > b ? [b, a] : [a, b];
}

/** The filters of issue 39 from the URL: anything unknown or out of range is left out (the API refuses it). */
export function parseExtraFilters(params: URLSearchParams): ExtraFilters {
  const floors = orderedOrNull(
    wholeParam(params, 'minFloor', SEARCH_FLOORS.min, SEARCH_FLOORS.max),
    wholeParam(params, 'maxFloor', SEARCH_FLOORS.min, SEARCH_FLOORS.max),
  );
  const ppm = orderedOrNull(
    wholeParam(params, 'minPricePerMeter', 0, PRICE_PER_METER_MAX),
    wholeParam(params, 'maxPricePerMeter', 0, PRICE_PER_METER_MAX),
  );
  const asked = params.getAll('amenities');
  const entry = params.get('entry') as EntryFilter | null;
  return {
    minFloor: floors[0],
    maxFloor: floors[1],
    notGround: flagParam(params, 'notGround'),
    notTop: flagParam(params, 'notTop'),
    amenities: AMENITY_KEYS.filter((a: Amenity) => asked.includes(a)),
    entry: entry && ENTRY_FILTER_KEYS.includes(entry) ? entry : null,
    minPricePerMeter: ppm[0],
    maxPricePerMeter: ppm[1],
    neighbourhood: (params.get('neighbourhood') ?? '').trim().slice(0, 80),
    bbox: parseBbox(params.get('bbox') ?? ''),
  };
}

const EXTRA_KEYS = Object.keys(NO_EXTRA_FILTERS) as (keyof ExtraFilters)[];

/** The filters of issue 39 that are in force, as URL parameters (amenities repeated, flags as 1). */
function setExtraParams(params: URLSearchParams, filters: ExtraFilters) {
  for (const key of EXTRA_KEYS) {
    const value = filters[key];
    if (key === 'amenities') for (const a of filters.amenities) params.append('amenities', a);
    else if (key === 'bbox') {
      if (filters.bbox) params.set('bbox', bboxText(filters.bbox));
    } else if (value === true) params.set(key, '1');
    else if (value !== null && value !== false && value !== '') params.set(key, String(value));
  }
}

/** A range from a link whose ends were swapped (min above max) means the same range. */
const ordered = (a: number, b: number): [number, number] => (a <= b ? [a, b] : [b, a]);

/**
 * Only the filters that differ from the defaults, so a shared link stays short. The rooms and price
 * defaults are the slider ends: at an end the filter is left out, so properties without a room count
 * or above the slider's top still show.
 */
export function toSearchParams(type: 'sale' | 'rent', filters: Filters): URLSearchParams {
  const d = defaultFilters(type);
  const params = new URLSearchParams();
  for (const key of Object.keys(d) as (keyof Filters)[]) {
    if ((EXTRA_KEYS as string[]).includes(key)) continue;
    const value = filters[key];
    if (value !== d[key] && value !== '') params.set(key, String(value));
  }
  setExtraParams(params, filters);
  return params;
}

/** What a typed city or street resolves to: a suggestion, nothing typed, or why it cannot be searched. */
export type Choice = { value: string } | { problem: 'none' | 'several' };

/**
 * City and street take their value only from the suggestions: the text itself when it is one of them
 * (ignoring case and spaces around), else the one suggestion that contains it; no suggestion or several
 * is a problem the form shows, never a search that silently finds nothing.
 */
export function resolveChoice(text: string, options: readonly string[]): Choice {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return { value: '' };
  const exact = options.find((o) => o.toLocaleLowerCase() === needle);
  if (exact !== undefined) return { value: exact };
  const matches = options.filter((o) => o.toLocaleLowerCase().includes(needle));
  if (matches.length === 1) return { value: matches[0]! };
  return { problem: matches.length === 0 ? 'none' : 'several' };
}

export type RangeKey = 'minRooms' | 'maxRooms' | 'minPrice' | 'maxPrice';
const OTHER_END: Record<RangeKey, RangeKey> = {
  minRooms: 'maxRooms',
  maxRooms: 'minRooms',
  minPrice: 'maxPrice',
  maxPrice: 'minPrice',
};

/** Sets one end of a range; the other end moves along when needed, so a minimum never exceeds its maximum. */
export function withRangeEnd(filters: Filters, key: RangeKey, value: number): Filters {
  const other = OTHER_END[key];
  const isMin = key.startsWith('min');
  const crossed = isMin ? value > filters[other] : value < filters[other];
  return { ...filters, [key]: value, ...(crossed ? { [other]: value } : {}) };
}

/**
 * A typed minimum or maximum, taken when the visitor leaves the field or searches (never keystroke by keystroke:
 * typing 1,500,000 passes through 1, 15, 150...). An empty field means the slider's end. Anything else is made
 * valid and says how: not a number keeps the value in force, a price is rounded to whole shekels, a value out of
 * the slider's range is brought to its end, and a minimum above the maximum (or a maximum below the minimum) is
 * set to the other end. The other end never moves.
 */
export function settleTyped(
  type: 'sale' | 'rent',
  filters: Filters,
  key: RangeKey,
  text: string,
): { filters: Filters; note?: string } {
  const t = he.properties.filters.typed;
  const isPrice = key.endsWith('Price');
  const isMin = key.startsWith('min');
  const low = isPrice ? 0 : ROOMS.min;
  const high = isPrice ? PRICE_MAX[type] : ROOMS.max;
  const show = (value: number) => (isPrice ? formatPrice(value) : String(value));
  if (text.trim() === '') return { filters: { ...filters, [key]: isMin ? low : high } };
  const typed = Number(text.trim());
  if (!Number.isFinite(typed)) return { filters, note: t.notANumber(show(filters[key])) };

  let value = isPrice ? Math.round(typed) : typed;
  let note = value !== typed ? t.wholeShekels(show(value)) : undefined;
  if (value < low || value > high) {
    value = clamp(value, low, high);
    note = t.outOfRange(show(low), show(high), show(value));
  }
  const other = filters[OTHER_END[key]];
  if (isMin ? value > other : value < other) {
    value = other;
    note = isMin ? t.minAboveMax(show(value)) : t.maxBelowMin(show(value));
  }
  return { filters: { ...filters, [key]: value }, note };
}

/** How many filters differ from the defaults (the sort order is not a filter). */
export function activeFilterCount(type: 'sale' | 'rent', filters: Filters): number {
  const d = defaultFilters(type);
  const keys = ['city', 'street', 'category', 'minRooms', 'maxRooms', 'minPrice', 'maxPrice'] as const;
  const extra = new URLSearchParams();
  setExtraParams(extra, filters);
  return keys.filter((key) => filters[key] !== d[key]).length + extra.size;
}

/** Why the filters of issue 39 cannot be searched as they are, per field (the API's own Hebrew messages). */
export function extraFilterProblems(f: ExtraFilters): Partial<Record<keyof ExtraFilters, string>> {
  const m = searchFilters.problems;
  const problems: Partial<Record<keyof ExtraFilters, string>> = {};
  const whole = (value: number | null, min: number, max: number) =>
    value === null || (Number.isInteger(value) && value >= min && value <= max);
  for (const key of ['minFloor', 'maxFloor'] as const)
    if (!whole(f[key], SEARCH_FLOORS.min, SEARCH_FLOORS.max)) problems[key] = m.floor;
  for (const key of ['minPricePerMeter', 'maxPricePerMeter'] as const)
    if (!whole(f[key], 0, PRICE_PER_METER_MAX)) problems[key] = m.pricePerMeter;
  if (!problems.minFloor && !problems.maxFloor && f.minFloor !== null && f.maxFloor !== null)
    if (f.minFloor > f.maxFloor) problems.minFloor = m.minAboveMax;
  const [low, high] = [f.minPricePerMeter, f.maxPricePerMeter];
  if (!problems.minPricePerMeter && !problems.maxPricePerMeter && low !== null && high !== null && low > high)
    problems.minPricePerMeter = m.minAboveMax;
  return problems;
}
