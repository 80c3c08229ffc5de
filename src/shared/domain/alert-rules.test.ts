import { describe, expect, it } from 'vitest';
import { ALERT_SEND_RULES, ANYTIME, alertsForChange, nextAlertAt } from './alert-rules';
import type { MatchableProperty } from './buyer-match';
import { israelWallTime } from './israel-calendar';
import { type SavedSearchFilters, SEARCH_PRICE_MAX } from './saved-search';
import { maySendAt } from './send-window';

const haifa = (over: Partial<SavedSearchFilters> = {}): SavedSearchFilters => ({
  type: 'sale',
  city: 'חיפה',
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
  features: [],
  sold: false,
};
// 2026-11-24 is a Tuesday, 2026-11-27 a Friday, 2026-11-28 Shabbat.
const at = (date: string, hh: number, mm = 0) => israelWallTime(date, hh * 60 + mm);

describe('nextAlertAt', () => {
  it('immediate: now, then at most once an hour', () => {
    const now = at('2026-11-24', 10);
    expect(nextAlertAt('immediate', null, now)).toEqual(now);
    expect(nextAlertAt('immediate', at('2026-11-24', 9, 30), now)).toEqual(at('2026-11-24', 10, 30));
    expect(nextAlertAt('immediate', at('2026-11-24', 8, 59), now)).toEqual(now);
  });

  it('daily: at 08:00, once a day', () => {
    expect(nextAlertAt('daily', null, at('2026-11-24', 6))).toEqual(at('2026-11-24', 8));
    expect(nextAlertAt('daily', null, at('2026-11-24', 15))).toEqual(at('2026-11-24', 15));
    expect(nextAlertAt('daily', at('2026-11-24', 8), at('2026-11-24', 15))).toEqual(at('2026-11-25', 8));
    expect(nextAlertAt('daily', at('2026-11-23', 8), at('2026-11-24', 15))).toEqual(at('2026-11-24', 15));
  });

  it('holds over Shabbat from Friday afternoon until Saturday night, and over the night', () => {
    const friday = at('2026-11-27', 15);
    const released = nextAlertAt('immediate', null, friday);
    expect(released.getTime()).toBeGreaterThan(at('2026-11-28', 16).getTime());
    expect(released.getTime()).toBeLessThanOrEqual(at('2026-11-29', 8).getTime());
    expect(maySendAt(released, ALERT_SEND_RULES)).toBe(true);
    // Saturday night after nightfall is within quiet hours only from 21:00: the alert waits for the morning.
    expect(nextAlertAt('immediate', null, at('2026-11-28', 22))).toEqual(at('2026-11-29', 8));
    expect(nextAlertAt('immediate', null, at('2026-11-24', 23))).toEqual(at('2026-11-25', 8));
  });

  it('a test machine may send at any time, yet still batches hourly', () => {
    const friday = at('2026-11-27', 15);
    expect(nextAlertAt('immediate', null, friday, ANYTIME)).toEqual(friday);
    expect(nextAlertAt('immediate', at('2026-11-27', 14, 30), friday, ANYTIME)).toEqual(
      at('2026-11-27', 15, 30),
    );
  });

  it('holds over a holiday (Yom Kippur 2026 is 21 September)', () => {
    const released = nextAlertAt('daily', null, at('2026-09-21', 9));
    expect(released.getTime()).toBeGreaterThan(at('2026-09-21', 17).getTime());
    expect(maySendAt(released, ALERT_SEND_RULES)).toBe(true);
  });
});

describe('alertsForChange', () => {
  it('one alert per subscriber and reason, however many searches match', () => {
    const searches = [
      { subscriberId: 'a', filters: haifa() },
      { subscriberId: 'a', filters: haifa({ category: 'דירה' }) },
      { subscriberId: 'b', filters: haifa({ city: 'עכו' }) },
      { subscriberId: 'c', filters: haifa({ maxPrice: 1_950_000 }) },
    ];
    expect(alertsForChange('newListing', flat, searches, [])).toEqual([
      { subscriberId: 'a', reason: 'newListing' },
      { subscriberId: 'c', reason: 'newListing' },
    ]);
  });

  it('a price drop alerts matching searches and favourites once each', () => {
    const searches = [{ subscriberId: 'a', filters: haifa() }];
    expect(alertsForChange('priceDrop', flat, searches, ['a', 'b', 'b'])).toEqual([
      { subscriberId: 'a', reason: 'priceDrop' },
      { subscriberId: 'b', reason: 'priceDrop' },
    ]);
    // Favourites are told of price drops only, never of a new listing.
    expect(alertsForChange('newListing', flat, [], ['b'])).toEqual([]);
  });

  it('a sold property alerts no one', () => {
    expect(
      alertsForChange('priceDrop', { ...flat, sold: true }, [{ subscriberId: 'a', filters: haifa() }], ['b']),
    ).toEqual([]);
  });
});
