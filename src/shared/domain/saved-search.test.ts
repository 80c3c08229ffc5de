import { describe, expect, it } from 'vitest';
import { type SavedSearchFilters, SEARCH_PRICE_MAX, savedSearchSentence } from './saved-search';

const search = (over: Partial<SavedSearchFilters> = {}): SavedSearchFilters => ({
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

describe('savedSearchSentence', () => {
  it('reads as the issue says', () => {
    expect(
      savedSearchSentence(
        search({ category: 'דירה', minRooms: 4, maxRooms: 5, city: 'חיפה', maxPrice: 2_500_000 }),
      ),
    ).toBe('דירות 4–5 חדרים בחיפה עד 2,500,000 ₪');
  });

  it('says nothing of what is not filtered, but a bare sale search says it is for sale', () => {
    expect(savedSearchSentence(search())).toBe('נכסים למכירה');
    expect(savedSearchSentence(search({ category: 'דירה' }))).toBe('דירות למכירה');
    expect(savedSearchSentence(search({ type: 'rent', maxPrice: SEARCH_PRICE_MAX.rent }))).toBe(
      'נכסים להשכרה',
    );
  });

  it('says rentals, streets and price ranges', () => {
    expect(
      savedSearchSentence(
        search({
          type: 'rent',
          category: 'וילה',
          city: 'תל אביב',
          street: 'הרצל',
          minPrice: 5_000,
          maxPrice: 8_000,
        }),
      ),
    ).toBe('וילות להשכרה בתל אביב, ברחוב הרצל 5,000 ₪–8,000 ₪');
    expect(savedSearchSentence(search({ minPrice: 1_000_000 }))).toBe('נכסים מ-1,000,000 ₪');
  });

  it('counts rooms in Hebrew: one room, halves, open ends', () => {
    expect(savedSearchSentence(search({ maxRooms: 1 }))).toBe('נכסים חדר אחד');
    expect(savedSearchSentence(search({ minRooms: 3, maxRooms: 3 }))).toBe('נכסים 3 חדרים');
    expect(savedSearchSentence(search({ minRooms: 3.5 }))).toBe('נכסים 3.5 חדרים ומעלה');
    expect(savedSearchSentence(search({ maxRooms: 3 }))).toBe('נכסים עד 3 חדרים');
    expect(savedSearchSentence(search({ minRooms: 2.5, maxRooms: 4 }))).toBe('נכסים 2.5–4 חדרים');
  });

  it('lists features with the Hebrew "and"', () => {
    expect(savedSearchSentence(search({ category: 'פנטהאוז', features: ['מעלית'] }))).toBe(
      'פנטהאוזים עם מעלית',
    );
    expect(savedSearchSentence(search({ features: ['מעלית', 'חניה', 'מרפסת'] }))).toBe(
      'נכסים עם מעלית, חניה ומרפסת',
    );
  });

  it('names every category in the plural', () => {
    expect(savedSearchSentence(search({ category: 'מסחרי' }))).toBe('נכסים מסחריים למכירה');
    expect(savedSearchSentence(search({ category: "קוטג'" }))).toBe("קוטג'ים למכירה");
    expect(savedSearchSentence(search({ category: 'דו משפחתי' }))).toBe('בתים דו משפחתיים למכירה');
  });
});
