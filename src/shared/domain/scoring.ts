import { METRIC_KEYS, type Metrics } from './metrics';

/** Points per action, as SPEC section 9 shows them on the ranking page. */
export const SCORE_WEIGHTS: Metrics = {
  deals: 5,
  exclusives: 3,
  priceOffers: 2,
  meetings: 1,
  priceUpdates: 1,
  buyerTours: 1,
};

export function scoreOf(counts: Partial<Metrics>): number {
  return METRIC_KEYS.reduce((sum, key) => sum + (counts[key] ?? 0) * SCORE_WEIGHTS[key], 0);
}
