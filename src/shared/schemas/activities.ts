import { z } from 'zod';
import { ACTIVITY_KINDS, type ActivityKind, AMOUNT_KINDS } from '../domain/activities';
import { idSchema, successSchema } from './common';
import { DEAL_MESSAGES } from './deals';
import { activitySchema } from './pipeline';
import {
  amountSchema,
  newActivityAtSchema,
  noteSchema,
  occurredAtSchema,
  PIPELINE_MESSAGES,
} from './pipeline-fields';

export const activityKindSchema = z.enum(ACTIVITY_KINDS, { error: PIPELINE_MESSAGES.kindUnknown });

const amountsShape = {
  /** A price offer's amount (required) or a price update's new price (optional), in ₪. */
  amount: amountSchema.nullable().optional(),
  /** A deal's price and commission in ₪ (both required for a deal). */
  price: amountSchema.nullable().optional(),
  commission: amountSchema.nullable().optional(),
  /** The second agent of a deal and its part of the commission (the rest is the main agent's). */
  secondAgentId: idSchema.nullable().optional(),
  secondAgentCommission: amountSchema.nullable().optional(),
  /**
   * A deal's fee per side in ₪ (buyer/tenant, seller/landlord), each typed with VAT in it or before VAT (the
   * default). With either, the commission is their sum (sent or not).
   */
  buyerSideFee: amountSchema.nullable().optional(),
  buyerSideFeeIncludesVat: z.boolean({ error: PIPELINE_MESSAGES.vatChoiceInvalid }).optional(),
  sellerSideFee: amountSchema.nullable().optional(),
  sellerSideFeeIncludesVat: z.boolean({ error: PIPELINE_MESSAGES.vatChoiceInvalid }).optional(),
};

type Amounts = {
  kind?: ActivityKind;
  amount?: number | null;
  price?: number | null;
  commission?: number | null;
  secondAgentId?: string | null;
  secondAgentCommission?: number | null;
  buyerSideFee?: number | null;
  sellerSideFee?: number | null;
};

/** A deal's commission: the sum of its side fees when it has any, else the commission as sent. */
export function commissionOfSides(value: Amounts): number | null | undefined {
  if (!present(value.buyerSideFee) && !present(value.sellerSideFee)) return value.commission;
  return (value.buyerSideFee ?? 0) + (value.sellerSideFee ?? 0);
}

const present = (value: number | null | undefined) => value !== undefined && value !== null;

/**
 * Which amounts a kind takes and requires; a deal has a price above zero, a commission no higher than its price,
 * and a split no higher than its commission.
 */
export function amountRule(value: Amounts, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const kind = value.kind;
  if (!kind) return;
  const amountUse = AMOUNT_KINDS[kind];
  if (amountUse === 'required' && !present(value.amount))
    issue('amount', PIPELINE_MESSAGES.offerAmountRequired);
  if (!amountUse && present(value.amount)) issue('amount', PIPELINE_MESSAGES.amountNotForKind);
  if (kind === 'deal') {
    const commission = commissionOfSides(value);
    const bySides = commission !== value.commission;
    if (!present(value.price)) issue('price', PIPELINE_MESSAGES.dealPriceRequired);
    if (!present(commission)) issue('commission', PIPELINE_MESSAGES.dealCommissionRequired);
    if (bySides && present(value.commission)) issue('commission', PIPELINE_MESSAGES.commissionNotSides);
    if (present(value.price) && (value.price ?? 0) < 1) issue('price', PIPELINE_MESSAGES.dealPriceZero);
    if (present(value.price) && present(commission) && (commission ?? 0) > (value.price ?? 0))
      issue(bySides ? 'buyerSideFee' : 'commission', PIPELINE_MESSAGES.commissionOverPrice);
    if (present(value.secondAgentCommission) && !value.secondAgentId)
      issue('secondAgentId', PIPELINE_MESSAGES.splitNeedsAgent);
    if (present(value.secondAgentCommission) && (value.secondAgentCommission ?? 0) > (commission ?? 0))
      issue('secondAgentCommission', PIPELINE_MESSAGES.splitOverCommission);
  } else {
    for (const key of [
      'price',
      'commission',
      'secondAgentCommission',
      'buyerSideFee',
      'sellerSideFee',
    ] as const)
      if (present(value[key])) issue(key, PIPELINE_MESSAGES.amountNotForKind);
    if (value.secondAgentId) issue('secondAgentId', PIPELINE_MESSAGES.amountNotForKind);
  }
}

/** POST /pipeline/leads/{id}/activities: what an agent did, in two taps (a kind, and a note if any). */
export const createActivitySchema = z
  .object({
    kind: activityKindSchema,
    /** When it happened, as the device saw it (default: when the server gets it); never ahead, 30 days back at most. */
    occurredAt: newActivityAtSchema.optional(),
    note: noteSchema.optional().default(''),
    /** Admins: who did it (default the lead's owner); an agent logs its own work. */
    agentId: idSchema.optional(),
    /** A second deal on one lead is refused (409, fieldErrors.confirmSecondDeal) unless this says it is meant. */
    confirmSecondDeal: z.boolean().optional(),
    /**
     * A deal whose side has no signed brokerage order (decision 0055): why it is logged without one. Required
     * then (400 on this field); ignored otherwise.
     */
    noOrderReason: z
      .string({ error: DEAL_MESSAGES.noOrderReasonLength })
      .trim()
      .max(500, { error: DEAL_MESSAGES.noOrderReasonLength })
      .optional(),
    ...amountsShape,
  })
  .superRefine(amountRule);
export type CreateActivityBody = z.infer<typeof createActivitySchema>;

/**
 * PATCH /pipeline/activities/{id}: a correction of the time, the note or the amounts. The kind stays (delete
 * the activity and log the right one); the amounts are checked against the stored kind by the server.
 */
export const updateActivitySchema = z.object({
  kind: z.never({ error: PIPELINE_MESSAGES.kindFixed }).optional(),
  occurredAt: occurredAtSchema.optional(),
  note: noteSchema.optional(),
  ...amountsShape,
});
export type UpdateActivityBody = z.infer<typeof updateActivitySchema>;

export const activityResponseSchema = successSchema(z.object({ activity: activitySchema }));
