import { describe, expect, it } from 'vitest';
import { scoreOf } from './scoring';

describe('scoreOf', () => {
  it('weighs deal 5, exclusive 3, price offer 2 and the rest 1', () => {
    expect(scoreOf({ deals: 1 })).toBe(5);
    expect(scoreOf({ exclusives: 1 })).toBe(3);
    expect(scoreOf({ priceOffers: 1 })).toBe(2);
    expect(scoreOf({ meetings: 1, priceUpdates: 1, buyerTours: 1 })).toBe(3);
  });
  it('sums a whole day', () => {
    expect(
      scoreOf({ meetings: 4, exclusives: 2, priceUpdates: 3, buyerTours: 1, priceOffers: 2, deals: 1 }),
    ).toBe(4 + 6 + 3 + 1 + 4 + 5);
  });
  it('is 0 for nothing', () => {
    expect(scoreOf({})).toBe(0);
  });
});
