import { describe, expect, it } from 'vitest';
import { defaultFilters } from './filters';
import { mapToggleSearch } from './map-toggle';
import { clustersUrl, visibleBox } from './search-map-api';
import { shortPrice } from './search-map-markers';

const bounds = (west: number, south: number, east: number, north: number) => ({
  getWest: () => west,
  getSouth: () => south,
  getEast: () => east,
  getNorth: () => north,
});

describe("the search map's requests", () => {
  it("asks for the visible box with the search's filters, not its saved area, at a whole zoom", () => {
    const filters = {
      ...defaultFilters('sale'),
      city: 'חיפה',
      minFloor: 1,
      amenities: ['safeRoom' as const],
    };
    const url = new URL(
      clustersUrl('sale', { ...filters, bbox: [34.9, 32.7, 35.1, 32.9] }, [34.95, 32.78, 35.02, 32.83], 12.6),
      'https://x',
    );
    expect(url.pathname).toBe('/properties/clusters');
    expect(url.searchParams.get('type')).toBe('sale');
    expect(url.searchParams.get('city')).toBe('חיפה');
    expect(url.searchParams.get('minFloor')).toBe('1');
    expect(url.searchParams.getAll('amenities')).toEqual(['safeRoom']);
    expect(url.searchParams.getAll('bbox')).toEqual(['34.95,32.78,35.02,32.83']);
    expect(url.searchParams.get('zoom')).toBe('13');
  });

  it("keeps a zoomed-out map's box within the world's degrees", () => {
    expect(visibleBox(bounds(-250, -95, 260, 99))).toEqual([-180, -90, 180, 90]);
    expect(visibleBox(bounds(35, 32, 35, 32))).toBeNull();
  });
});

describe('the map toggle and pins', () => {
  it('opens and closes the map keeping the filters and the page', () => {
    const params = new URLSearchParams('city=%D7%97%D7%99%D7%A4%D7%94&page=2');
    expect(mapToggleSearch(params, true)).toBe('?city=%D7%97%D7%99%D7%A4%D7%94&page=2&map=1');
    expect(mapToggleSearch(new URLSearchParams('map=1&minFloor=1'), false)).toBe('?minFloor=1');
    expect(mapToggleSearch(new URLSearchParams('map=1'), false)).toBe('');
  });

  it('labels a pin with a short price', () => {
    expect(shortPrice(2_450_000)).toBe('2.45 מ׳ ₪');
    expect(shortPrice(1_900_000)).toBe('1.9 מ׳ ₪');
    expect(shortPrice(850_000)).toBe('850 א׳ ₪');
    expect(shortPrice(6_500)).toMatch(/^\S?6,500\s\S?₪$/);
  });
});
