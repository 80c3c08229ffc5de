import { z } from 'zod';
import { ORDER_SIDES } from '../domain/brokerage-order';
import { isPlausibleDate, isRealDate } from '../domain/dates';
import { idSchema, successSchema } from './common';

/** A deal's statuses in order; partly paid and paid follow from its payments (docs/money.md). */
export const DEAL_STATUSES = ['signed', 'invoiced', 'partly_paid', 'paid', 'cancelled'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  signed: 'נחתמה',
  invoiced: 'הופקה חשבונית',
  partly_paid: 'שולמה בחלקה',
  paid: 'שולמה',
  cancelled: 'בוטלה',
};

/** The Hebrew messages of deal statuses, payments and lists. */
export const DEAL_MESSAGES = {
  /** A deal on another branch's listing needs a referral between the two branches (docs/money.md). */
  propertyOfOtherBranch: (branch: string) =>
    `הנכס שייך ל${branch}: עסקה עליו נרשמת רק אחרי הפניה מאושרת של הליד בין הסניפים`,
  status: 'יש לבחור סטטוס: נחתמה, הופקה חשבונית או בוטלה (שולמה בחלקה ושולמה נקבעים לפי התשלומים)',
  cancelReason: 'יש לכתוב למה העסקה בוטלה (עד 500 תווים)',
  dueOn: 'יש לבחור תאריך פירעון תקין',
  cancelled: 'העסקה בוטלה: אי אפשר לשנות את הסטטוס שלה או לרשום לה תשלומים',
  cancelWithPayments: 'לעסקה יש תשלומים: יש למחוק אותם לפני ביטול העסקה',
  backToSignedWithPayments: 'לעסקה יש תשלומים: היא לא יכולה לחזור לסטטוס "נחתמה"',
  notInvoiced: 'יש להפיק חשבונית (סטטוס "הופקה חשבונית") לפני רישום תשלום',
  amount: 'סכום התשלום: מספר שלם של אגורות, גדול מאפס',
  overDue: (left: string) => `התשלום עולה על היתרה לתשלום (${left})`,
  paidOn: 'יש לבחור את תאריך התשלום: תאריך תקין שאינו בעתיד',
  note: 'הערה עד 500 תווים',
  paymentNotFound: 'התשלום לא נמצא',
  month: 'חודש בפורמט YYYY-MM',
  monthOrder: 'חודש הסיום לפני חודש ההתחלה',
  managersOnly: 'רק מנהלי הסניף והנהלת הרשת משנים סטטוס ותשלומים של עסקה',
  /** A deal logged without a signed brokerage order for one of its sides (issue 34, decision 0055). */
  noOrderReason: (sides: string) =>
    `אין הזמנת תיווך חתומה של ${sides}: יש לכתוב למה העסקה נרשמת בלעדיה (עד 500 תווים)`,
  noOrderReasonLength: 'הסיבה לעסקה ללא הזמנת תיווך חתומה: עד 500 תווים',
  /** The mark on deals missing a signed order (lists, CSV, /Deals). */
  noSignedOrder: 'ללא הזמנת תיווך חתומה',
} as const;

const note = z.string({ error: DEAL_MESSAGES.note }).trim().max(500, { error: DEAL_MESSAGES.note });

/** PATCH /deals/{id}/status: signed, invoiced or cancelled (with a reason); optionally the due date. */
export const dealStatusSchema = z
  .object({
    status: z.enum(['signed', 'invoiced', 'cancelled'], { error: DEAL_MESSAGES.status }),
    cancelReason: z
      .string({ error: DEAL_MESSAGES.cancelReason })
      .trim()
      .max(500, { error: DEAL_MESSAGES.cancelReason })
      .optional(),
    dueOn: z
      .string({ error: DEAL_MESSAGES.dueOn })
      .refine((v) => isPlausibleDate(v), { error: DEAL_MESSAGES.dueOn })
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'cancelled' && !body.cancelReason)
      ctx.addIssue({ code: 'custom', path: ['cancelReason'], message: DEAL_MESSAGES.cancelReason });
  });
export type DealStatusBody = z.infer<typeof dealStatusSchema>;

/** POST /deals/{id}/payments: an amount received (agorot, VAT included), its date and a note. */
export const dealPaymentSchema = z.object({
  amountAgorot: z
    .number({ error: DEAL_MESSAGES.amount })
    .int({ error: DEAL_MESSAGES.amount })
    .min(1, { error: DEAL_MESSAGES.amount })
    .max(10_000_000_000, { error: DEAL_MESSAGES.amount }),
  paidOn: z.string({ error: DEAL_MESSAGES.paidOn }).refine(isRealDate, { error: DEAL_MESSAGES.paidOn }),
  note: note.optional().default(''),
});
export type DealPaymentBody = z.infer<typeof dealPaymentSchema>;

export const dealPaymentParamsSchema = z.object({ id: idSchema, pid: idSchema });

const paymentSchema = z.object({
  _id: z.string(),
  amountAgorot: z.number(),
  paidOn: z.string(),
  note: z.string(),
});

/** A deal's status and payments; amounts in agorot, `due` is the statement's total (null without a plan). */
export const dealStateSchema = z.object({
  dealId: z.string(),
  status: z.enum(DEAL_STATUSES),
  dueOn: z.string().nullable(),
  cancelReason: z.string().nullable(),
  due: z.number().nullable(),
  paid: z.number(),
  payments: z.array(paymentSchema),
});
export type DealState = z.infer<typeof dealStateSchema>;
export const dealStateResponseSchema = successSchema(z.object({ deal: dealStateSchema }));

const month = z
  .string({ error: DEAL_MESSAGES.month })
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= '2000-01', { error: DEAL_MESSAGES.month });

/** GET /deals and /deals.csv: deals signed in a range of months (Israel time), filtered; the default is the current month. */
export const dealListQuerySchema = z
  .object({
    from: month.optional(),
    to: month.optional(),
    agentId: idSchema.optional(),
    branchId: idSchema.optional(),
    status: z.enum(DEAL_STATUSES, { error: DEAL_MESSAGES.status }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: DEAL_MESSAGES.monthOrder });
  });
export type DealListQuery = z.infer<typeof dealListQuerySchema>;

const shareSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  /** The agent's lines of the statement, summed (agorot); null when the branch has no plan on the date. */
  amount: z.number().nullable(),
});

export const dealRowSchema = z.object({
  dealId: z.string(),
  leadId: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  signedOn: z.string(),
  property: z.string().nullable(),
  contactName: z.string(),
  phone: z.string(),
  /** The price in whole ₪, the fee before VAT in agorot. */
  price: z.number().nullable(),
  fee: z.number(),
  status: z.enum(DEAL_STATUSES),
  /** What the client pays (statement total, agorot) and what was received. */
  due: z.number().nullable(),
  paid: z.number(),
  dueOn: z.string().nullable(),
  /** The branch's line of the statement (shown to managers; null for an agent). */
  branchShare: z.number().nullable(),
  /** The agents' shares: for an agent, her own only. */
  shares: z.array(shareSchema),
  /** The payments received (shown to managers; empty for an agent). */
  payments: z.array(paymentSchema),
  /**
   * The deal's sides and the signed brokerage orders (not revoked) that give the agency its fee on each: the
   * lead's client (an order of the same lead or contact) and, when the lead is on a property of ours, the
   * other side (an order of the opposite side naming the property). A side with no order marks the deal.
   */
  orderSides: z.array(z.object({ side: z.enum(ORDER_SIDES), orderIds: z.array(z.string()) })),
  /** True when a side has no signed order ("ללא הזמנת תיווך חתומה"). */
  withoutSignedOrder: z.boolean(),
  /** Why it was logged without one, as typed when it was logged (null when it had them, or before the rule). */
  noOrderReason: z.string().nullable(),
});
export type DealRow = z.infer<typeof dealRowSchema>;

export const dealTotalsSchema = z.object({
  count: z.number(),
  fee: z.number(),
  due: z.number(),
  paid: z.number(),
  shares: z.number(),
  branchShare: z.number(),
});

export const dealListResponseSchema = successSchema(
  z.object({
    from: z.string(),
    to: z.string(),
    deals: z.array(dealRowSchema),
    /**
     * For an agent: her gross this calendar year (her part of the fees before VAT, agorot) against her
     * branch's plan in force today, and the next tier of a graduated split (null: none above, or a fixed split).
     */
    progress: z
      .object({
        year: z.number(),
        gross: z.number(),
        agentBp: z.number().nullable(),
        nextTier: z.object({ fromAgorot: z.number(), agentBp: z.number() }).nullable(),
      })
      .nullable(),
    /** The sums of the rows. Cancelled deals are listed only when asked for (status=cancelled). */
    totals: dealTotalsSchema,
  }),
);
export type DealList = z.infer<typeof dealListResponseSchema>['data'];
