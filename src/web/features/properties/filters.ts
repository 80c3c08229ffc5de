import { PROPERTY_CATEGORIES } from '@shared/domain/property-options';
import { SEARCH_SORTS, type SearchSort } from '@shared/schemas/property';

/** The filters of SPEC sections 2 and 5, as they live in the URL query. */
export type Filters = {
  city: string;
  street: string;
  category: string;
  minRooms: number;
  maxRooms: number;
  minPrice: number;
  maxPrice: number;
  sort: SearchSort;
};

export const ROOMS = { min: 1, max: 10 } as const;
export const PRICE_STEP = 500;
export const PRICE_MAX = { sale: 20_000_000, rent: 50_000 } as const;

export const defaultFilters = (type: 'sale' | 'rent'): Filters => ({
  city: '',
  street: '',
  category: '',
  minRooms: ROOMS.min,
  maxRooms: ROOMS.max,
  minPrice: 0,
  maxPrice: PRICE_MAX[type],
  sort: 'newest',
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
  return {
    city,
    street: city ? (params.get('street') ?? '').trim() : '',
    category: (PROPERTY_CATEGORIES as readonly string[]).includes(category) ? category : '',
    minRooms: numberParam(params, 'minRooms', d.minRooms, ROOMS.min, ROOMS.max),
    maxRooms: numberParam(params, 'maxRooms', d.maxRooms, ROOMS.min, ROOMS.max),
    minPrice: numberParam(params, 'minPrice', d.minPrice, 0, PRICE_MAX[type]),
    maxPrice: numberParam(params, 'maxPrice', d.maxPrice, 0, PRICE_MAX[type]),
    sort: sort && SEARCH_SORTS.includes(sort) ? sort : d.sort,
  };
}

/**
 * Only the filters that differ from the defaults, so a shared link stays short. The rooms and price
 * defaults are the slider ends: at an end the filter is left out, so properties without a room count
 * or above the slider's top still show.
 */
export function toSearchParams(type: 'sale' | 'rent', filters: Filters): URLSearchParams {
  const d = defaultFilters(type);
  const params = new URLSearchParams();
  for (const key of Object.keys(d) as (keyof Filters)[]) {
    const value = filters[key];
    if (value !== d[key] && value !== '') params.set(key, String(value));
  }
  return params;
}
