import { describe, expect, it } from 'vitest';
import { matchRequirement } from './buyer-match';
import { savedSearchSentence } from './saved-search';
import {
  entryFiltersMet,
  extraFiltersMatch,
  type FilterableProperty,
  floorNumberOf,
  isTopFloor,
} from './search-filter-match';
import { extraFilterChips } from './search-filters';

const flat: FilterableProperty = {
  floor: '3',
  buildingFloors: 6,
  category: 'דירה',
  features: ['חניה', 'ממ"ד'],
  entryDate: 'מידי',
  price: 2_000_000,
  size: 100,
  neighbourhood: 'נווה שאנן',
};

describe('floors', () => {
  it('reads ground as 0 and a basement as -1', () => {
    expect([floorNumberOf('קרקע'), floorNumberOf('מרתף'), floorNumberOf('12'), floorNumberOf(null)]).toEqual([
      0,
      -1,
      12,
      null,
    ]);
  });

  it('knows the top: a penthouse, or the building’s known last floor', () => {
    expect(isTopFloor({ ...flat, category: 'פנטהאוז' })).toBe(true);
    expect(isTopFloor({ ...flat, floor: '6' })).toBe(true);
    expect(isTopFloor(flat)).toBe(false);
    expect(isTopFloor({ ...flat, buildingFloors: null, floor: '30' })).toBe(false);
  });
});

describe('extraFiltersMatch', () => {
  it('matches a floor range with ground as 0, and not ground / not top', () => {
    expect(extraFiltersMatch({ minFloor: 2, maxFloor: 5 }, flat)).toBe(true);
    expect(extraFiltersMatch({ minFloor: 4 }, flat)).toBe(false);
    expect(extraFiltersMatch({ maxFloor: 0 }, { ...flat, floor: 'קרקע' })).toBe(true);
    expect(extraFiltersMatch({ notGround: true }, { ...flat, floor: 'קרקע' })).toBe(false);
    expect(extraFiltersMatch({ notGround: true }, { ...flat, floor: null })).toBe(false);
    expect(extraFiltersMatch({ notTop: true }, { ...flat, floor: '6' })).toBe(false);
    expect(extraFiltersMatch({ notTop: true }, { ...flat, floor: null })).toBe(true);
    expect(extraFiltersMatch({ minFloor: 0 }, { ...flat, floor: null })).toBe(false);
  });

  it('asks for every amenity, the entry, price per m² and the neighbourhood', () => {
    expect(extraFiltersMatch({ amenities: ['parking', 'safeRoom'] }, flat)).toBe(true);
    expect(extraFiltersMatch({ amenities: ['parking', 'elevator'] }, flat)).toBe(false);
    expect(extraFiltersMatch({ entry: 'immediate' }, { ...flat, entryDate: 'גמיש' })).toBe(false);
    expect(extraFiltersMatch({ entry: 'flexible' }, { ...flat, entryDate: 'גמיש' })).toBe(true);
    expect(extraFiltersMatch({ entry: 'flexible' }, { ...flat, entryDate: null })).toBe(false);
    expect(extraFiltersMatch({ maxPricePerMeter: 20_000 }, flat)).toBe(true);
    expect(extraFiltersMatch({ minPricePerMeter: 20_001 }, flat)).toBe(false);
    expect(extraFiltersMatch({ maxPricePerMeter: 50_000 }, { ...flat, size: null })).toBe(false);
    expect(extraFiltersMatch({ neighbourhood: ' נווה שאנן ' }, flat)).toBe(true);
    expect(extraFiltersMatch({ neighbourhood: 'הדר' }, flat)).toBe(false);
    expect(extraFiltersMatch({}, { ...flat, floor: null, size: null })).toBe(true);
  });

  it('says which entry filters an entry word meets', () => {
    expect(entryFiltersMet('מידי')).toEqual(['immediate', 'flexible']);
    expect(entryFiltersMet('גמיש')).toEqual(['flexible']);
    expect(entryFiltersMet('לפי הסכם')).toEqual([]);
  });

  it('is part of a buyer requirement', () => {
    const base = {
      type: 'sale' as const,
      city: 'חיפה',
      street: '',
      category: '',
      minRooms: 1,
      maxRooms: 10,
      minPrice: 0,
      maxPrice: 20_000_000,
      features: [],
    };
    const property = {
      ...flat,
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'הרצל 1',
      rooms: 4,
      sold: false,
    };
    expect(matchRequirement({ ...base, minFloor: 2 }, property).matches).toBe(true);
    expect(matchRequirement({ ...base, minFloor: 4 }, property).matches).toBe(false);
    expect(matchRequirement({ ...base, neighbourhood: 'הדר' }, property).matches).toBe(false);
  });
});

describe('chips', () => {
  it('read naturally in Hebrew, in a fixed order', () => {
    expect(
      extraFilterChips({ minFloor: 2, maxFloor: 5, amenities: ['safeRoom', 'parking'] }).join(' · '),
    ).toBe('קומה 2–5 · חניה · ממ״ד');
    expect(extraFilterChips({ minFloor: 0, maxFloor: 3 })).toEqual(['קומה קרקע–3']);
    expect(extraFilterChips({ minFloor: 4, maxFloor: 4 })).toEqual(['קומה 4']);
    expect(extraFilterChips({ minFloor: 2 })).toEqual(['מקומה 2 ומעלה']);
    expect(extraFilterChips({ maxFloor: 5 })).toEqual(['עד קומה 5']);
    expect(
      extraFilterChips({
        notGround: true,
        notTop: true,
        amenities: ['elevator', 'storage', 'accessible', 'balcony'],
        entry: 'immediate',
        minPricePerMeter: 15_000,
        maxPricePerMeter: 25_000,
        neighbourhood: ' נווה שאנן ',
      }),
    ).toEqual([
      'לא קומת קרקע',
      'לא קומה אחרונה',
      'מעלית',
      'מחסן',
      'נגיש לנכים',
      'מרפסת',
      'כניסה מיידית',
      '15,000 ₪–25,000 ₪ למ״ר',
      'שכונת נווה שאנן',
    ]);
    expect(extraFilterChips({ maxPricePerMeter: 30_000, entry: 'flexible' })).toEqual([
      'כניסה מיידית או גמישה',
      'עד 30,000 ₪ למ״ר',
    ]);
    expect(extraFilterChips({ minPricePerMeter: 9_000 })).toEqual(['מ-9,000 ₪ למ״ר']);
    expect(extraFilterChips({})).toEqual([]);
  });

  it('end a saved search’s sentence, the amenities named as its features', () => {
    const sentence = savedSearchSentence({
      type: 'sale',
      city: 'חיפה',
      street: '',
      category: 'דירה',
      minRooms: 1,
      maxRooms: 10,
      minPrice: 0,
      maxPrice: 20_000_000,
      features: ['ממ"ד'],
      minFloor: 2,
      maxFloor: 5,
    });
    expect(sentence).toBe('דירות בחיפה עם ממ"ד · קומה 2–5');
  });
});
