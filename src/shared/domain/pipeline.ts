/** The pipeline's stages, in board order: keys in the API and the database, Hebrew on every screen. */
export const LEAD_STATUSES = ['new', 'contacted', 'meeting', 'tour', 'offer', 'deal', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'חדש',
  contacted: 'נוצר קשר',
  meeting: 'נקבעה פגישה',
  tour: 'סיור/ביקור בנכס',
  offer: 'הצעת מחיר',
  deal: 'עסקה',
  lost: 'לא רלוונטי',
};

/** Stages a lead leaves the pipeline at: no next touch is chased, no reminder is sent. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ['deal', 'lost'];
export const isOpenStatus = (status: LeadStatus) => !CLOSED_STATUSES.includes(status);

/** Why a lead is not relevant (required when it moves to 'lost'); 'other' needs a text. */
export const LOSS_REASONS = ['noAnswer', 'boughtElsewhere', 'budget', 'notSerious', 'other'] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

export const LOSS_REASON_LABELS: Record<LossReason, string> = {
  noAnswer: 'לא עונה',
  boughtElsewhere: 'קנה/שכר דרך אחר',
  budget: 'תקציב לא מתאים',
  notSerious: 'לא רציני',
  other: 'אחר',
};

/** Where a lead came from. */
export const LEAD_SOURCES = [
  'homeForm',
  'propertyInquiry',
  'valuation',
  'manual',
  'import',
  'savedSearch',
  'viewing',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  homeForm: 'טופס השארת פרטים',
  propertyInquiry: 'פנייה על נכס',
  valuation: 'הערכת שווי',
  manual: 'הוזן ידנית',
  import: 'ייבוא',
  savedSearch: 'חיפוש שמור',
  viewing: 'הזמנת ביקור בנכס',
};

/** A next touch that has passed while the lead is still open. */
export function isOverdue(
  lead: { status: LeadStatus; nextTouchAt: Date | string | null },
  now: Date,
): boolean {
  if (!lead.nextTouchAt || !isOpenStatus(lead.status)) return false;
  return new Date(lead.nextTouchAt).getTime() < now.getTime();
}

/** A lead untouched past the response target is escalated once: its owner reminded, the managers mailed. */
export const ESCALATION_STATES = ['none', 'escalated'] as const;
export type EscalationState = (typeof ESCALATION_STATES)[number];

/** The response-time target until an admin changes it (minutes of office time). */
export const DEFAULT_SLA_MINUTES = 15;

/** The share of leads that end as deals, as a fraction (0 when there were none). */
export const conversionRate = (deals: number, received: number) => (received > 0 ? deals / received : 0);

/** The value at a percentile (0-100) of numbers, by the nearest-rank rule; null for an empty list. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}
