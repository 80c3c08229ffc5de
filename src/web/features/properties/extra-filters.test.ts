import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultFilters,
  extraFilterProblems,
  parseFilters,
  toSearchParams,
} from './filters';

describe('the filters of issue 39 in the URL', () => {
  it('round-trip, amenities repeated and flags as 1, in a plain GET form’s own shape', () => {
    const filters = {
      ...defaultFilters('sale'),
      minFloor: 0,
      maxFloor: 5,
      notGround: true,
      notTop: true,
      amenities: ['parking' as const, 'safeRoom' as const],
      entry: 'flexible' as const,
      minPricePerMeter: 10_000,
      maxPricePerMeter: 30_000,
      neighbourhood: 'נווה שאנן',
    };
    const params = toSearchParams('sale', filters);
    expect(params.toString()).toBe(
      new URLSearchParams([
        ['minFloor', '0'],
        ['maxFloor', '5'],
        ['notGround', '1'],
        ['notTop', '1'],
        ['amenities', 'parking'],
        ['amenities', 'safeRoom'],
        ['entry', 'flexible'],
        ['minPricePerMeter', '10000'],
        ['maxPricePerMeter', '30000'],
        ['neighbourhood', 'נווה שאנן'],
      ]).toString(),
    );
    expect(parseFilters('sale', params)).toEqual(filters);
    expect(activeFilterCount('sale', filters)).toBe(10);
  });

  it('leaves out unknown values, swaps crossed ranges, and reads an unticked form as no filter', () => {
    const parsed = parseFilters(
      'sale',
      new URLSearchParams(
        'minFloor=7&maxFloor=2&amenities=pool&amenities=elevator&entry=soon&notTop=0&minPricePerMeter=2.5&neighbourhood=',
      ),
    );
    expect(parsed).toMatchObject({
      minFloor: 2,
      maxFloor: 7,
      amenities: ['elevator'],
      entry: null,
      notTop: false,
      minPricePerMeter: null,
      neighbourhood: '',
    });
  });
});

describe('extraFilterProblems', () => {
  it('says in Hebrew when a minimum is above its maximum or a value is out of range', () => {
    const d = defaultFilters('sale');
    expect(extraFilterProblems(d)).toEqual({});
    expect(extraFilterProblems({ ...d, minFloor: 6, maxFloor: 2 })).toEqual({
      minFloor: 'המינימום לא יכול לעלות על המקסימום',
    });
    expect(extraFilterProblems({ ...d, minPricePerMeter: 9, maxPricePerMeter: 1 })).toEqual({
      minPricePerMeter: 'המינימום לא יכול לעלות על המקסימום',
    });
    expect(extraFilterProblems({ ...d, maxFloor: 2.5 }).maxFloor).toContain('מספר שלם');
    expect(extraFilterProblems({ ...d, minFloor: 200 }).minFloor).toContain('בין -5 ל-100');
  });
});
