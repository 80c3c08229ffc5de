import { z } from 'zod';
import { isRealDate } from '../domain/dates';
import { successSchema } from './common';

/** The Hebrew messages of fee plans and statements (docs/money.md). */
export const MONEY_MESSAGES = {
  effectiveFrom: 'יש לבחור תאריך תחילה תקין',
  notBackdated: 'תוכנית חדשה חלה מהיום והלאה: אי אפשר לשנות תוכנית שכבר חלה על עסקאות',
  sameDay: 'כבר יש לסניף תוכנית מהתאריך הזה, והיא כבר חלה: יש לבחור תאריך מאוחר יותר',
  rate: 'אחוז בין 0 ל-100, עד שתי ספרות אחרי הנקודה (בנקודות בסיס: 0 עד 10000)',
  amount: 'סכום שלם באגורות, 0 או יותר',
  tiers: 'מדרגות: בין 1 ל-10, הראשונה מ-0, כל אחת גבוהה מקודמתה',
  royaltyAndReferral: 'התמלוגים ועמלת ההפניה יחד עולים על 100% מהעמלה',
  branchNotFound: 'הסניף לא נמצא',
  dealNotFound: 'העסקה לא נמצאה',
  noPlan: 'לסניף אין תוכנית עמלות בתאריך העסקה: הנהלת הרשת צריכה לקבוע אחת',
  networkOnly: 'רק הנהלת הרשת קובעת תוכניות עמלות',
  vatStartsOn: 'שיעור מע"מ חדש חל מתאריך עתידי בלבד, כדי שעסקאות שכבר נחתמו יישארו בשיעור שלהן',
  vatSameDay: 'כבר נקבע שיעור מע"מ מהתאריך הזה',
} as const;

const basisPoints = z
  .number({ error: MONEY_MESSAGES.rate })
  .int({ error: MONEY_MESSAGES.rate })
  .min(0, { error: MONEY_MESSAGES.rate })
  .max(10_000, { error: MONEY_MESSAGES.rate });

/** Whole agorot, up to 100 million ₪. */
const agorot = z
  .number({ error: MONEY_MESSAGES.amount })
  .int({ error: MONEY_MESSAGES.amount })
  .min(0, { error: MONEY_MESSAGES.amount })
  .max(10_000_000_000, { error: MONEY_MESSAGES.amount });

const tierSchema = z.object({ fromAgorot: agorot, agentBp: basisPoints });

const splitSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fixed'), agentBp: basisPoints }),
    z.object({
      kind: z.literal('tiers'),
      tiers: z
        .array(tierSchema, { error: MONEY_MESSAGES.tiers })
        .min(1, { error: MONEY_MESSAGES.tiers })
        .max(10, { error: MONEY_MESSAGES.tiers })
        .refine((tiers) => tiers[0]?.fromAgorot === 0, { error: MONEY_MESSAGES.tiers })
        .refine((tiers) => tiers.every((t, i) => i === 0 || t.fromAgorot > (tiers[i - 1]?.fromAgorot ?? 0)), {
          error: MONEY_MESSAGES.tiers,
        }),
    }),
  ],
  { error: MONEY_MESSAGES.tiers },
);

/** POST /branches/{id}/fee-plans: a branch's plan from a date on (network roles). Rates in bp, amounts in agorot. */
export const createFeePlanSchema = z.object({
  effectiveFrom: z
    .string({ error: MONEY_MESSAGES.effectiveFrom })
    .refine(isRealDate, { error: MONEY_MESSAGES.effectiveFrom }),
  royaltyBp: basisPoints,
  royaltyCapAgorot: agorot.nullable().optional().default(null),
  monthlyFeeAgorot: agorot.optional().default(0),
  split: splitSchema,
});
export type CreateFeePlanBody = z.infer<typeof createFeePlanSchema>;

export const feePlanSchema = z.object({
  _id: z.string(),
  branchId: z.string(),
  effectiveFrom: z.string(),
  royaltyBp: z.number(),
  royaltyCapAgorot: z.number().nullable(),
  monthlyFeeAgorot: z.number(),
  split: z.union([
    z.object({ kind: z.literal('fixed'), agentBp: z.number() }),
    z.object({
      kind: z.literal('tiers'),
      tiers: z.array(z.object({ fromAgorot: z.number(), agentBp: z.number() })),
    }),
  ]),
  createdAt: z.string(),
});
export type FeePlan = z.infer<typeof feePlanSchema>;

export const feePlanResponseSchema = successSchema(z.object({ feePlan: feePlanSchema }));
/** Newest first; `current` is the one in force today (null before the first). */
export const feePlanListResponseSchema = successSchema(
  z.object({ feePlans: z.array(feePlanSchema), currentId: z.string().nullable() }),
);

const statementLineSchema = z.object({
  kind: z.enum(['vat', 'royalty', 'referral', 'agent', 'branch']),
  label: z.string(),
  rule: z.string(),
  amount: z.number(),
  agentId: z.string().optional(),
});

export const statementSchema = z.object({
  /** The deal: a lead activity of kind 'deal'. */
  dealId: z.string(),
  leadId: z.string(),
  branchId: z.string(),
  /** The Israel date the deal was signed: the plan and the VAT rate of this date apply. */
  signedOn: z.string(),
  feePlanId: z.string(),
  /** Amounts in agorot: what the client pays (the lines' sum) and the fee before VAT. */
  total: z.number(),
  net: z.number(),
  vatBp: z.number(),
  lines: z.array(statementLineSchema),
  /** When the statement was frozen, at the fee's invoicing (absent: computed now from the dated rows). */
  frozenAt: z.string().optional(),
});
export type DealStatement = z.infer<typeof statementSchema>;

/** A statement frozen at invoicing, as stored (deal_records.statement); the version names its shape. */
export type FrozenStatement = { version: 1; statement: DealStatement };

export const statementResponseSchema = successSchema(z.object({ statement: statementSchema }));

/** POST /vat-rates: a new VAT rate from a future date (network admins); past deals keep theirs. */
export const createVatRateSchema = z.object({
  startsOn: z
    .string({ error: MONEY_MESSAGES.effectiveFrom })
    .refine(isRealDate, { error: MONEY_MESSAGES.effectiveFrom }),
  rateBp: basisPoints,
});
export type CreateVatRateBody = z.infer<typeof createVatRateSchema>;

const vatRateSchema = z.object({ startsOn: z.string(), rateBp: z.number() });
/** Every rate, the latest date first, and the rate in force today. */
export const vatRatesResponseSchema = successSchema(
  z.object({ vatRates: z.array(vatRateSchema), currentBp: z.number().nullable() }),
);
export const vatRateResponseSchema = successSchema(z.object({ vatRate: vatRateSchema }));
