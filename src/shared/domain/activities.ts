import type { MetricKey, Metrics } from './metrics';
import { SCORE_WEIGHTS } from './scoring';

/** What an agent logs on a lead, in the order the lead page offers them. */
export const ACTIVITY_KINDS = [
  'call',
  'whatsapp',
  'meeting',
  'buyerTour',
  'priceOffer',
  'priceUpdate',
  'exclusive',
  'deal',
  'note',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Entries the server writes on the timeline by itself: a status change and an assignment. */
export const SYSTEM_ACTIVITY_KINDS = ['status', 'assignment'] as const;
export type SystemActivityKind = (typeof SYSTEM_ACTIVITY_KINDS)[number];
export type TimelineKind = ActivityKind | SystemActivityKind;
export const TIMELINE_KINDS = [...ACTIVITY_KINDS, ...SYSTEM_ACTIVITY_KINDS] as const;

export const ACTIVITY_KIND_LABELS: Record<TimelineKind, string> = {
  call: 'שיחה',
  whatsapp: 'וואטסאפ',
  meeting: 'פגישה',
  buyerTour: 'סיור קונים',
  priceOffer: 'הצעת מחיר',
  priceUpdate: 'עדכון מחיר',
  exclusive: 'בלעדיות נחתמה',
  deal: 'עסקה',
  note: 'הערה',
  status: 'שינוי סטטוס',
  assignment: 'שיוך',
};

/**
 * The daily indicator each activity counts in (SPEC section 3's six metrics), or null for the ones that count
 * nothing: a call, a WhatsApp message and a note are work, but not a metric of the daily status.
 */
export const ACTIVITY_METRIC: Record<ActivityKind, MetricKey | null> = {
  call: null,
  whatsapp: null,
  meeting: 'meetings',
  buyerTour: 'buyerTours',
  priceOffer: 'priceOffers',
  priceUpdate: 'priceUpdates',
  exclusive: 'exclusives',
  deal: 'deals',
  note: null,
};

export const metricOfActivity = (kind: TimelineKind): MetricKey | null =>
  kind in ACTIVITY_METRIC ? ACTIVITY_METRIC[kind as ActivityKind] : null;

/** The indicator row an activity writes: one of its metric, zeros elsewhere; null when it counts nothing. */
export function indicatorOfActivity(kind: TimelineKind): Metrics | null {
  const metric = metricOfActivity(kind);
  if (!metric) return null;
  return {
    meetings: 0,
    exclusives: 0,
    priceUpdates: 0,
    buyerTours: 0,
    priceOffers: 0,
    deals: 0,
    [metric]: 1,
  };
}

/** Ranking points of one activity by the SPEC's scoring (deal 5, exclusive 3, offer 2, the rest 1). */
export function pointsOfActivity(kind: TimelineKind): number {
  const metric = metricOfActivity(kind);
  return metric ? SCORE_WEIGHTS[metric] : 0;
}

/**
 * Activities that mean the agent reached the person, so they stop the response clock (with any status
 * change): a note or a price update is written without talking to anyone.
 */
const CONTACT_KINDS: ReadonlySet<TimelineKind> = new Set([
  'call',
  'whatsapp',
  'meeting',
  'buyerTour',
  'priceOffer',
  'exclusive',
  'deal',
  'status',
]);
export const isContactActivity = (kind: TimelineKind) => CONTACT_KINDS.has(kind);

/** The amounts an activity carries, and which are required: an offer's amount, a deal's price and commission. */
export const AMOUNT_KINDS: Readonly<Partial<Record<ActivityKind, 'required' | 'optional'>>> = {
  priceOffer: 'required',
  priceUpdate: 'optional',
};

/** The highest amount any activity may carry: 1,000,000,000 ₪. */
export const MAX_AMOUNT = 1_000_000_000;
