import { bboxText } from '@shared/domain/geo-box';
import { AMENITIES, AMENITY_KEYS } from '@shared/domain/search-filters';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS } from '@shared/domain/search-limits';
import { paths } from '@shared/paths';
import type { SavedSearch } from '@shared/schemas/alerts';

/**
 * The listing page of a saved search: /Sale or /Rent with its filters in the URL, under the names the listing
 * pages read (their parseFilters, and the server's propertySearchQuerySchema, which counts the matches on the
 * private page), defaults left out as their own links do. Features the listing's filters do
 * not offer (beyond its amenities) are left to the alerts.
 */
export function searchListingParams(saved: SavedSearch['filters']): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | null | undefined, unless?: string | number) => {
    if (value !== null && value !== undefined && value !== '' && value !== unless)
      params.set(key, String(value));
  };
  put('city', saved.city);
  put('street', saved.street);
  put('category', saved.category);
  put('minRooms', saved.minRooms, SEARCH_ROOMS.min);
  put('maxRooms', saved.maxRooms, SEARCH_ROOMS.max);
  put('minPrice', saved.minPrice, 0);
  put('maxPrice', saved.maxPrice, SEARCH_PRICE_MAX[saved.type]);
  put('minFloor', saved.minFloor);
  put('maxFloor', saved.maxFloor);
  if (saved.notGround) params.set('notGround', '1');
  if (saved.notTop) params.set('notTop', '1');
  for (const a of AMENITY_KEYS) if (saved.features.includes(AMENITIES[a])) params.append('amenities', a);
  put('entry', saved.entry);
  put('minPricePerMeter', saved.minPricePerMeter);
  put('maxPricePerMeter', saved.maxPricePerMeter);
  put('neighbourhood', saved.neighbourhood);
  if (saved.bbox) params.set('bbox', bboxText(saved.bbox));
  return params;
}

/** The listing page's address of a saved search: /Sale or /Rent and its filters. */
export function searchListingUrl(saved: SavedSearch['filters']): string {
  const params = searchListingParams(saved);
  const page = saved.type === 'rent' ? paths.rent() : paths.sale();
  const query = params.toString();
  return query ? `${page}?${query}` : page;
}
