import { z } from 'zod';
import { isRealDate } from '../domain/dates';
import { successSchema } from './common';
import { royaltiesSchema } from './month-statements';

/**
 * Royalty payments a branch made to the network, and the royalties view with what was paid and what is left
 * (docs/money.md, "Royalty payments"). Amounts in whole agorot; months are `YYYY-MM`.
 */

export const ROYALTY_MESSAGES = {
  branchId: 'יש לבחור סניף קיים',
  amount: 'סכום התשלום: מספר שלם של אגורות, גדול מאפס',
  overBalance: (left: string) => `התשלום עולה על יתרת התמלוגים ודמי החודש של הסניף לשנה (${left})`,
  paidOn: 'יש לבחור את תאריך התשלום: תאריך תקין שאינו בעתיד',
  forMonth: 'יש לבחור את החודש שהתשלום עבורו (YYYY-MM), לא אחרי החודש הנוכחי',
  note: 'הערה עד 500 תווים',
  reason: 'יש לכתוב למה התשלום מבוטל (עד 500 תווים)',
  year: 'שנה בת ארבע ספרות',
  notFound: 'התשלום לא נמצא',
  alreadyVoided: 'התשלום כבר בוטל',
} as const;

const yearMonth = z
  .string({ error: ROYALTY_MESSAGES.forMonth })
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= '2000-01', { error: ROYALTY_MESSAGES.forMonth });

/** POST /royalty-payments: what a branch paid the network, when, and for which month (network roles). */
export const createRoyaltyPaymentSchema = z.object({
  branchId: z.uuid({ error: ROYALTY_MESSAGES.branchId }),
  amountAgorot: z
    .number({ error: ROYALTY_MESSAGES.amount })
    .int({ error: ROYALTY_MESSAGES.amount })
    .min(1, { error: ROYALTY_MESSAGES.amount })
    .max(10_000_000_000, { error: ROYALTY_MESSAGES.amount }),
  paidOn: z.string({ error: ROYALTY_MESSAGES.paidOn }).refine(isRealDate, { error: ROYALTY_MESSAGES.paidOn }),
  forMonth: yearMonth,
  note: z
    .string({ error: ROYALTY_MESSAGES.note })
    .trim()
    .max(500, { error: ROYALTY_MESSAGES.note })
    .optional()
    .default(''),
});
export type CreateRoyaltyPaymentBody = z.infer<typeof createRoyaltyPaymentSchema>;

/** POST /royalty-payments/{id}/void: a payment recorded by mistake, with the reason. */
export const voidRoyaltyPaymentSchema = z.object({
  reason: z
    .string({ error: ROYALTY_MESSAGES.reason })
    .trim()
    .min(1, { error: ROYALTY_MESSAGES.reason })
    .max(500, { error: ROYALTY_MESSAGES.reason }),
});
export type VoidRoyaltyPaymentBody = z.infer<typeof voidRoyaltyPaymentSchema>;

/** GET /royalty-payments: the payments for a month (`month=YYYY-MM`) or a year (`year=YYYY`), of one branch or all. */
export const royaltyPaymentListQuerySchema = z.object({
  month: yearMonth.optional(),
  year: z
    .string({ error: ROYALTY_MESSAGES.year })
    .regex(/^(20\d\d)$/, { error: ROYALTY_MESSAGES.year })
    .optional(),
  branchId: z.uuid({ error: ROYALTY_MESSAGES.branchId }).optional(),
});
export type RoyaltyPaymentListQuery = z.infer<typeof royaltyPaymentListQuerySchema>;

export const royaltyPaymentSchema = z.object({
  _id: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  amountAgorot: z.number(),
  paidOn: z.string(),
  forMonth: z.string(),
  note: z.string(),
  /** Set when the payment was voided (it then counts in no figure). */
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
});
export type RoyaltyPayment = z.infer<typeof royaltyPaymentSchema>;

export const royaltyPaymentResponseSchema = successSchema(z.object({ payment: royaltyPaymentSchema }));

export const royaltyPaymentListSchema = z.object({
  /** `YYYY-MM` or `YYYY`: the period listed. */
  period: z.string(),
  payments: z.array(royaltyPaymentSchema),
  /** The sum of the payments not voided. */
  total: z.number(),
});
export type RoyaltyPaymentList = z.infer<typeof royaltyPaymentListSchema>;
export const royaltyPaymentListResponseSchema = successSchema(royaltyPaymentListSchema);

/** Paid and left to pay, for the month and for the year from January to the month. */
const paidFiguresSchema = z.object({ month: z.number(), year: z.number() });

const royaltyBranchSchema = royaltiesSchema.shape.branches.element;

/**
 * GET /royalties: each branch's royalties due (the deals' royalty lines), what it paid for the month and for the
 * year so far (payments not voided, by the month they are for), and the balance (due less paid).
 */
export const royaltyDuesSchema = z.object({
  month: z.string(),
  branches: z.array(royaltyBranchSchema.extend({ paid: paidFiguresSchema, balance: paidFiguresSchema })),
  totals: royaltiesSchema.shape.totals.extend({ paid: paidFiguresSchema, balance: paidFiguresSchema }),
});
export type RoyaltyDues = z.infer<typeof royaltyDuesSchema>;
export const royaltyDuesResponseSchema = successSchema(royaltyDuesSchema);
