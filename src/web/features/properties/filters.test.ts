import { describe, expect, it } from 'vitest';
import { matchOptions } from './combobox';
import { defaultFilters, parseFilters, toSearchParams } from './filters';

describe('filters in the URL', () => {
  it('defaults: rooms 1-10, price 0 to 20,000,000 for sale and 50,000 for rent, and an empty query', () => {
    expect(parseFilters('sale', new URLSearchParams())).toEqual(defaultFilters('sale'));
    expect(defaultFilters('sale')).toMatchObject({
      minRooms: 1,
      maxRooms: 10,
      minPrice: 0,
      maxPrice: 20_000_000,
    });
    expect(defaultFilters('rent').maxPrice).toBe(50_000);
    expect(toSearchParams('rent', defaultFilters('rent')).toString()).toBe('');
  });

  it('round-trips the changed filters only, and drops bad values', () => {
    const filters = {
      ...defaultFilters('rent'),
      city: 'חיפה',
      street: 'מוריה',
      maxPrice: 6000,
      category: 'דירה',
    };
    const params = toSearchParams('rent', filters);
    expect([...params.keys()].sort()).toEqual(['category', 'city', 'maxPrice', 'street']);
    expect(parseFilters('rent', params)).toEqual(filters);
    const bad = parseFilters(
      'rent',
      new URLSearchParams('maxPrice=abc&minRooms=99&category=טירה&street=x&sort=zzz'),
    );
    expect(bad).toEqual({ ...defaultFilters('rent'), minRooms: 10 });
  });
});

describe('autocomplete suggestions', () => {
  it('match by case-insensitive substring', () => {
    const options = ['Tel Aviv', 'חיפה', 'רמת גן', 'Haifa'];
    expect(matchOptions(options, 'aV')).toEqual(['Tel Aviv']);
    expect(matchOptions(options, 'מת')).toEqual(['רמת גן']);
    expect(matchOptions(options, 'xyz')).toEqual([]);
    expect(matchOptions(options, '')).toEqual(options);
  });
});
