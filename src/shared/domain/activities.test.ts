import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_KINDS,
  ACTIVITY_METRIC,
  indicatorOfActivity,
  isContactActivity,
  metricOfActivity,
  pointsOfActivity,
} from './activities';
import { scoreOf } from './scoring';

describe('activity to indicator', () => {
  it('counts a meeting, an exclusive, a price update, a buyer tour, a price offer and a deal in their metric', () => {
    expect(ACTIVITY_METRIC).toEqual({
      call: null,
      whatsapp: null,
      meeting: 'meetings',
      buyerTour: 'buyerTours',
      priceOffer: 'priceOffers',
      priceUpdate: 'priceUpdates',
      exclusive: 'exclusives',
      deal: 'deals',
      note: null,
    });
  });

  it('writes a row of one in its metric and zeros elsewhere', () => {
    expect(indicatorOfActivity('buyerTour')).toEqual({
      meetings: 0,
      exclusives: 0,
      priceUpdates: 0,
      buyerTours: 1,
      priceOffers: 0,
      deals: 0,
    });
    expect(indicatorOfActivity('deal')?.deals).toBe(1);
  });

  it.each(['call', 'whatsapp', 'note', 'status', 'assignment'] as const)('counts nothing for %s', (kind) => {
    expect(metricOfActivity(kind)).toBeNull();
    expect(indicatorOfActivity(kind)).toBeNull();
    expect(pointsOfActivity(kind)).toBe(0);
  });

  it('scores as the ranking does: deal 5, exclusive 3, offer 2, meeting, price update and tour 1', () => {
    expect(pointsOfActivity('deal')).toBe(5);
    expect(pointsOfActivity('exclusive')).toBe(3);
    expect(pointsOfActivity('priceOffer')).toBe(2);
    expect(pointsOfActivity('meeting')).toBe(1);
    expect(pointsOfActivity('priceUpdate')).toBe(1);
    expect(pointsOfActivity('buyerTour')).toBe(1);
    // The same points the scoreboard gives the indicator row each one writes.
    for (const kind of ACTIVITY_KINDS)
      expect(scoreOf(indicatorOfActivity(kind) ?? {})).toBe(pointsOfActivity(kind));
  });
});

describe('first contact', () => {
  it('is a call, a WhatsApp message, a meeting, a tour, an offer, an exclusive, a deal or a status change', () => {
    for (const kind of [
      'call',
      'whatsapp',
      'meeting',
      'buyerTour',
      'priceOffer',
      'exclusive',
      'deal',
      'status',
    ] as const)
      expect(isContactActivity(kind)).toBe(true);
  });
  it('is not a note, a price update or an assignment', () => {
    for (const kind of ['note', 'priceUpdate', 'assignment'] as const)
      expect(isContactActivity(kind)).toBe(false);
  });
});
