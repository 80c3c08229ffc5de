/** The six daily work counts of an indicator and of a goal, in the order the product shows them. */
export const METRIC_KEYS = [
  'meetings',
  'exclusives',
  'priceUpdates',
  'buyerTours',
  'priceOffers',
  'deals',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type Metrics = Record<MetricKey, number>;

/** Summary field names of the contract (totalMeetings...), per metric. */
export const TOTAL_KEYS = {
  meetings: 'totalMeetings',
  exclusives: 'totalExclusives',
  priceUpdates: 'totalPriceUpdates',
  buyerTours: 'totalBuyerTours',
  priceOffers: 'totalPriceOffers',
  deals: 'totalDeals',
} as const satisfies Record<MetricKey, string>;
export type Totals = Record<(typeof TOTAL_KEYS)[MetricKey], number>;

export const emptyMetrics = (): Metrics => ({
  meetings: 0,
  exclusives: 0,
  priceUpdates: 0,
  buyerTours: 0,
  priceOffers: 0,
  deals: 0,
});
