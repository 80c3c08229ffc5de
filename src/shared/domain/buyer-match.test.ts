import { describe, expect, it } from 'vitest';
import { type MatchableProperty, matchRequirement, overMaxText } from './buyer-match';
import { type SavedSearchFilters, SEARCH_PRICE_MAX } from './saved-search';

const want = (over: Partial<SavedSearchFilters> = {}): SavedSearchFilters => ({
  type: 'sale',
  city: '',
  street: '',
  category: '',
  minRooms: 1,
  maxRooms: 10,
  minPrice: 0,
  maxPrice: SEARCH_PRICE_MAX.sale,
  features: [],
  ...over,
});
const flat: MatchableProperty = {
  typeTransaction: 'מכירה',
  city: 'חיפה',
  address: 'הרצל 5',
  price: 2_000_000,
  rooms: 4,
  category: 'דירה',
  features: ['מעלית', 'חניה'],
  sold: false,
};
const yes = { matches: true, overMaxPercent: 0 };
const no = { matches: false };

describe('matchRequirement', () => {
  it('an open requirement matches any unsold listing of its deal type', () => {
    expect(matchRequirement(want(), flat)).toEqual(yes);
    expect(matchRequirement(want(), { ...flat, sold: true })).toEqual(no);
    expect(matchRequirement(want({ type: 'rent', maxPrice: SEARCH_PRICE_MAX.rent }), flat)).toEqual(no);
    expect(
      matchRequirement(want({ type: 'rent', maxPrice: SEARCH_PRICE_MAX.rent }), {
        ...flat,
        typeTransaction: 'השכרה',
      }),
    ).toEqual(yes);
  });

  it('city (ignoring case and spaces) and street', () => {
    expect(matchRequirement(want({ city: ' חיפה ' }), flat)).toEqual(yes);
    expect(matchRequirement(want({ city: 'עכו' }), flat)).toEqual(no);
    expect(matchRequirement(want({ city: 'חיפה', street: 'הרצל' }), flat)).toEqual(yes);
    expect(matchRequirement(want({ city: 'חיפה', street: 'יפו' }), flat)).toEqual(no);
  });

  it('category', () => {
    expect(matchRequirement(want({ category: 'דירה' }), flat)).toEqual(yes);
    expect(matchRequirement(want({ category: 'וילה' }), flat)).toEqual(no);
  });

  it('rooms range, both ends included; no room count meets only an open range', () => {
    expect(matchRequirement(want({ minRooms: 4, maxRooms: 4 }), flat)).toEqual(yes);
    expect(matchRequirement(want({ minRooms: 4.5 }), flat)).toEqual(no);
    expect(matchRequirement(want({ maxRooms: 3.5 }), flat)).toEqual(no);
    expect(matchRequirement(want(), { ...flat, rooms: null })).toEqual(yes);
    expect(matchRequirement(want({ minRooms: 2 }), { ...flat, rooms: null })).toEqual(no);
    // The slider's top is no bound: 12 rooms meet "4 and up".
    expect(matchRequirement(want({ minRooms: 4 }), { ...flat, rooms: 12 })).toEqual(yes);
  });

  it('price range, with up to 5% over the maximum flagged', () => {
    expect(matchRequirement(want({ minPrice: 2_000_001 }), flat)).toEqual(no);
    expect(matchRequirement(want({ maxPrice: 2_000_000 }), flat)).toEqual(yes);
    expect(matchRequirement(want({ maxPrice: 1_960_000 }), flat)).toEqual({
      matches: true,
      overMaxPercent: 3,
    });
    expect(matchRequirement(want({ maxPrice: 1_904_762 }), flat)).toEqual({
      matches: true,
      overMaxPercent: 5,
    });
    expect(matchRequirement(want({ maxPrice: 1_904_000 }), flat)).toEqual(no);
    // At the slider's top there is no maximum at all.
    expect(matchRequirement(want(), { ...flat, price: 30_000_000 })).toEqual(yes);
  });

  it('every feature asked for', () => {
    expect(matchRequirement(want({ features: ['מעלית'] }), flat)).toEqual(yes);
    expect(matchRequirement(want({ features: ['מעלית', 'חניה'] }), flat)).toEqual(yes);
    expect(matchRequirement(want({ features: ['מעלית', 'ממ"ד'] }), flat)).toEqual(no);
  });

  it('says how far over the budget', () => {
    expect(overMaxText(3)).toBe('מעל התקציב ב-3%');
  });
});
