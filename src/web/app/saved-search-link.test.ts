import { searchListingUrl } from '@shared/domain/saved-search-listing';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS } from '@shared/domain/search-limits';
import type { SavedSearch } from '@shared/schemas/alerts';
import { parseFilters } from '@web/features/properties/filters';
import { searchOf } from '@web/features/properties/search-of';
import { describe, expect, it } from 'vitest';

// Two features agree (so the test lives here, where both are imported): the listing link of a saved search
// opens /Sale or /Rent with the very filters it was saved from.

const base: SavedSearch['filters'] = {
  type: 'sale',
  city: 'חיפה',
  street: '',
  category: '',
  minRooms: SEARCH_ROOMS.min,
  maxRooms: SEARCH_ROOMS.max,
  minPrice: 0,
  maxPrice: SEARCH_PRICE_MAX.sale,
  features: [],
};

const reopened = (saved: SavedSearch['filters']) => {
  const url = new URL(searchListingUrl(saved), 'https://agency.example');
  return { path: url.pathname, filters: parseFilters(saved.type, url.searchParams) };
};

describe('the listing link of a saved search', () => {
  it('opens the listing page with the filters the search was saved from', () => {
    const saved: SavedSearch['filters'] = {
      ...base,
      category: 'דירה',
      minRooms: 3,
      maxRooms: 5,
      minPrice: 1_500_000,
      maxPrice: 3_000_000,
      features: ['חניה', 'ממ"ד'],
      minFloor: 2,
      maxFloor: 6,
      notGround: true,
      entry: 'immediate',
      minPricePerMeter: 20_000,
      neighbourhood: 'כרמל',
      // The map's 'search this area' round-trips too (it was lost on saving once).
      bbox: [34.95, 32.78, 35.02, 32.83],
    };
    const { path, filters } = reopened(saved);
    expect(path).toBe('/Sale');
    expect(searchOf('sale', filters)).toEqual({
      ...saved,
      features: expect.arrayContaining(['חניה', 'ממ"ד']),
    });
  });

  it('is the bare listing page for a search of everything, and /Rent for a rental', () => {
    expect(searchListingUrl({ ...base, city: '' })).toBe('/Sale');
    expect(reopened({ ...base, type: 'rent', maxPrice: SEARCH_PRICE_MAX.rent }).path).toBe('/Rent');
  });
});
