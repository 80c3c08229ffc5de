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

/** One value per metric, made from its key: how columns, schemas and forms are derived from METRIC_KEYS. */
export const byMetric = <T>(make: (key: MetricKey) => T): Record<MetricKey, T> =>
  Object.fromEntries(METRIC_KEYS.map((key) => [key, make(key)])) as Record<MetricKey, T>;

/** Only the six metrics of a row that has more fields. */
export const metricsOf = (row: Metrics): Metrics => byMetric((key) => row[key]);
