import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultFilters,
  parseFilters,
  resolveChoice,
  settleTyped,
  withRangeEnd,
} from './filters';

const CITIES = ['חיפה', 'תל אביב-יפו', 'תל מונד', 'Haifa Bay'];

describe('resolveChoice: a city or street comes only from the suggestions', () => {
  it('takes a suggestion typed in full, ignoring case and spaces around it', () => {
    expect(resolveChoice('  חיפה ', CITIES)).toEqual({ value: 'חיפה' });
    expect(resolveChoice('haifa bay', CITIES)).toEqual({ value: 'Haifa Bay' });
  });

  it('takes the one suggestion that contains the text', () => {
    expect(resolveChoice('אביב', CITIES)).toEqual({ value: 'תל אביב-יפו' });
  });

  it('refuses text that matches no suggestion, or several', () => {
    expect(resolveChoice('ירושלים', CITIES)).toEqual({ problem: 'none' });
    expect(resolveChoice('תל', CITIES)).toEqual({ problem: 'several' });
    expect(resolveChoice('חיפה', [])).toEqual({ problem: 'none' });
  });

  it('leaves an empty field empty', () => {
    expect(resolveChoice('   ', CITIES)).toEqual({ value: '' });
  });
});

describe('withRangeEnd: a minimum never exceeds its maximum', () => {
  const keys = fc.constantFrom('minRooms', 'maxRooms', 'minPrice', 'maxPrice');
  it('holds after any sequence of changes to either end', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(keys, fc.integer({ min: 0, max: 20_000_000 })), { maxLength: 20 }),
        (steps) => {
          let filters = defaultFilters('sale');
          for (const [key, value] of steps) {
            filters = withRangeEnd(filters, key, value);
            expect(filters[key]).toBe(value);
          }
          expect(filters.minRooms).toBeLessThanOrEqual(filters.maxRooms);
          expect(filters.minPrice).toBeLessThanOrEqual(filters.maxPrice);
        },
      ),
    );
  });

  it('moves the other end along only when the range would cross', () => {
    const start = { ...defaultFilters('sale'), minRooms: 2, maxRooms: 4 };
    expect(withRangeEnd(start, 'minRooms', 3)).toMatchObject({ minRooms: 3, maxRooms: 4 });
    expect(withRangeEnd(start, 'minRooms', 6)).toMatchObject({ minRooms: 6, maxRooms: 6 });
    expect(withRangeEnd(start, 'maxRooms', 1)).toMatchObject({ minRooms: 1, maxRooms: 1 });
  });

  it('reads a link with swapped ends as the same range', () => {
    const filters = parseFilters(
      'sale',
      new URLSearchParams('minRooms=5&maxRooms=3&minPrice=900000&maxPrice=100'),
    );
    expect(filters).toMatchObject({ minRooms: 3, maxRooms: 5, minPrice: 100, maxPrice: 900_000 });
  });
});

describe('settleTyped: a typed end is made valid without moving the other end', () => {
  const keys = fc.constantFrom('minRooms', 'maxRooms', 'minPrice', 'maxPrice');
  const text = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.double({ noNaN: true, min: -1e9, max: 1e9 }).map(String),
    fc.integer({ min: -10, max: 30_000_000 }).map(String),
  );
  it('keeps every end in its range and the minimum at most the maximum', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, text), { maxLength: 12 }), (steps) => {
        let filters = defaultFilters('rent');
        for (const [key, typed] of steps) {
          const before = filters;
          filters = settleTyped('rent', filters, key, typed).filters;
          const other = key.startsWith('min') ? key.replace('min', 'max') : key.replace('max', 'min');
          expect(filters[other as typeof key]).toBe(before[other as typeof key]);
        }
        expect(filters.minRooms).toBeGreaterThanOrEqual(1);
        expect(filters.maxRooms).toBeLessThanOrEqual(10);
        expect(filters.minRooms).toBeLessThanOrEqual(filters.maxRooms);
        expect(filters.minPrice).toBeGreaterThanOrEqual(0);
        expect(filters.maxPrice).toBeLessThanOrEqual(50_000);
        expect(filters.minPrice).toBeLessThanOrEqual(filters.maxPrice);
        expect(Number.isInteger(filters.minPrice) && Number.isInteger(filters.maxPrice)).toBe(true);
      }),
    );
  });

  it('says why a value was changed, and nothing when it was taken as typed', () => {
    const start = { ...defaultFilters('rent'), minPrice: 2000, maxPrice: 6000 };
    expect(settleTyped('rent', start, 'maxPrice', '5500')).toEqual({ filters: { ...start, maxPrice: 5500 } });
    expect(settleTyped('rent', start, 'maxPrice', '')).toEqual({ filters: { ...start, maxPrice: 50_000 } });
    const below = settleTyped('rent', start, 'maxPrice', '1000');
    expect(below.filters.maxPrice).toBe(2000);
    expect(below.note).toMatch(/^המקסימום לא יכול לרדת מתחת למינימום/);
    const above = settleTyped('rent', start, 'minPrice', '7000');
    expect(above.filters.minPrice).toBe(6000);
    expect(above.note).toMatch(/^המינימום לא יכול לעלות על המקסימום/);
    const bad = settleTyped('rent', start, 'minRooms', '?');
    expect(bad.filters).toEqual(start);
    expect(bad.note).toBe('יש להקליד מספר; נשאר 1');
    expect(settleTyped('rent', start, 'maxRooms', '12').note).toBe('אפשר להקליד בין 1 ל-10, ולכן נקבע 10');
  });
});

describe('activeFilterCount', () => {
  it('counts the filters that differ from the defaults, not the sort order', () => {
    expect(activeFilterCount('rent', defaultFilters('rent'))).toBe(0);
    const filters = { ...defaultFilters('rent'), city: 'חיפה', maxPrice: 6000, sort: 'priceAsc' as const };
    expect(activeFilterCount('rent', filters)).toBe(2);
  });
});
