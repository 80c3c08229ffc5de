import { z } from 'zod';
import { REFERRAL_STATUSES } from '../domain/referrals';
import { isBlankText } from '../domain/text';
import { branchRefSchema } from './branch';
import { freeText, idSchema, numberText, successSchema } from './common';

/** The Hebrew messages of a lead's referral to another branch (docs/decisions/0044-lead-referrals.md). */
export const REFERRAL_MESSAGES = {
  toBranch: 'יש לבחור סניף פעיל אחר',
  sameBranch: 'הליד כבר בסניף הזה: יש לבחור סניף אחר',
  fee: 'עמלת הפניה: מספר שלם בין 0 ל-100',
  noteTooLong: 'עד 1000 תווים',
  reasonRequired: 'יש לכתוב את סיבת הדחייה',
  reasonTooLong: 'עד 500 תווים',
  alreadyPending: 'לליד הזה כבר יש הפניה שממתינה להחלטה',
  notFound: 'ההפניה לא נמצאה',
  decided: 'ההפניה כבר הוכרעה',
  leadMoved: 'הליד כבר אינו בסניף שהפנה אותו: אי אפשר לאשר את ההפניה',
  branchClosed: 'הסניף המקבל סגור: אי אפשר לאשר את ההפניה',
  receivingOnly: 'רק מנהלי הסניף המקבל או הנהלת הרשת יכולים לאשר או לדחות הפניה',
  owner: 'יש לבחור סוכן פעיל מהסניף המקבל',
  notYourLead: 'אפשר להפנות רק ליד שלך או ליד של סניף בניהולך',
} as const;

/** POST /pipeline/leads/{id}/referral: the branch, the fee (a whole percent) and a note for the receiving side. */
export const createReferralSchema = z.object({
  toBranchId: z.uuid({ error: REFERRAL_MESSAGES.toBranch }),
  feePercent: numberText(
    z
      .number({ error: REFERRAL_MESSAGES.fee })
      .int({ error: REFERRAL_MESSAGES.fee })
      .min(0, { error: REFERRAL_MESSAGES.fee })
      .max(100, { error: REFERRAL_MESSAGES.fee }),
  ),
  note: freeText(1000, REFERRAL_MESSAGES.noteTooLong).optional().default(''),
});
export type CreateReferralBody = z.infer<typeof createReferralSchema>;

/** POST /referrals/{id}/accept: the receiving branch's agent who will own the lead (else the accepting manager). */
export const acceptReferralSchema = z.object({
  ownerId: idSchema.optional(),
});
export type AcceptReferralBody = z.infer<typeof acceptReferralSchema>;

/** POST /referrals/{id}/decline: the reason, shown to the referring branch. */
export const declineReferralSchema = z.object({
  // Spaces, zero-width or direction marks alone say nothing: refused like an empty reason.
  reason: freeText(500, REFERRAL_MESSAGES.reasonTooLong, REFERRAL_MESSAGES.reasonRequired).refine(
    (value) => !isBlankText(value),
    { error: REFERRAL_MESSAGES.reasonRequired },
  ),
});
export type DeclineReferralBody = z.infer<typeof declineReferralSchema>;

const personRefSchema = z.object({ _id: z.string(), name: z.string() });

export const referralSchema = z.object({
  _id: z.string(),
  lead: z.object({ _id: z.string(), name: z.string(), category: z.string() }),
  fromBranch: branchRefSchema,
  toBranch: branchRefSchema,
  feePercent: z.number(),
  note: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  declineReason: z.string().nullable(),
  referredBy: personRefSchema.nullable(),
  decidedBy: personRefSchema.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether this session may accept or decline it (pending, and the receiving branch is in its scope). */
  canDecide: z.boolean(),
  /** Whether this session may open the lead (the lead's branch is in its scope). */
  canOpenLead: z.boolean(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralResponseSchema = successSchema(z.object({ referral: referralSchema }));
export const referralListResponseSchema = successSchema(z.object({ referrals: z.array(referralSchema) }));

/** What the "refer to branch" dialog offers: the other open branches and the network's default fee. */
export const referralOptionsResponseSchema = successSchema(
  z.object({
    branches: z.array(z.object({ _id: z.string(), name: z.string() })),
    defaultFeePercent: z.number(),
  }),
);
export type ReferralOptions = z.infer<typeof referralOptionsResponseSchema>['data'];
