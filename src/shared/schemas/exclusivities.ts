import { z } from 'zod';
import { feeRefusal } from '../domain/brokerage-order';
import { isRealDate } from '../domain/dates';
import {
  actionsRefusal,
  EXCLUSIVITY_MESSAGES,
  EXCLUSIVITY_NOTICES,
  MARKETING_ACTIONS,
} from '../domain/exclusivity';
import { idSchema, optionalLine, successSchema } from './common';
import { createOrderSchema, orderSchema } from './orders';

const day = (message: string) => z.string({ error: message }).trim().refine(isRealDate, { error: message });

const orderFields = createOrderSchema.shape;

/**
 * What an agent fills to issue an exclusivity for one property of ours: the client's details and the fee as on
 * an order, the term and at least two committed marketing actions. The term's length against the property's
 * kind (6 or 12 months) is checked by the server, which knows the property.
 */
export const createExclusivitySchema = z
  .object({
    propertyId: idSchema.refine(Boolean, { error: EXCLUSIVITY_MESSAGES.property }),
    /** A correction: the exclusivity of the same property it replaces (its term may overlap that one's). */
    replacesOrderId: idSchema.optional(),
    side: z.enum(['seller', 'landlord'], { error: EXCLUSIVITY_MESSAGES.side }),
    clientName: orderFields.clientName,
    clientIdNumber: orderFields.clientIdNumber,
    clientAddress: orderFields.clientAddress,
    clientPhone: orderFields.clientPhone,
    clientEmail: orderFields.clientEmail,
    brokerLicence: orderFields.brokerLicence,
    approxPrice: orderFields.approxPrice,
    feeKind: orderFields.feeKind,
    feeValue: orderFields.feeValue,
    vatIncluded: orderFields.vatIncluded,
    termStart: day(EXCLUSIVITY_MESSAGES.termStart),
    termEnd: day(EXCLUSIVITY_MESSAGES.termEnd),
    marketingActions: z.array(z.string(), { error: EXCLUSIVITY_MESSAGES.actionsMin }).max(20),
  })
  .superRefine((input, ctx) => {
    if (input.termEnd <= input.termStart)
      ctx.addIssue({ code: 'custom', path: ['termEnd'], message: EXCLUSIVITY_MESSAGES.termOrder });
    const actions = actionsRefusal(input.marketingActions);
    if (actions) ctx.addIssue({ code: 'custom', path: ['marketingActions'], message: actions });
    const fee = feeRefusal(input.feeKind, input.feeValue);
    if (fee) ctx.addIssue({ code: 'custom', path: ['feeValue'], message: fee });
  });
export type CreateExclusivity = z.infer<typeof createExclusivitySchema>;
export type CreateExclusivityInput = z.input<typeof createExclusivitySchema>;

/** A marketing action done: when, which of the committed ones, and a note or evidence link. */
export const logActionSchema = z.object({
  date: day(EXCLUSIVITY_MESSAGES.actionDate),
  action: z.enum(MARKETING_ACTIONS, { error: EXCLUSIVITY_MESSAGES.actionNotCommitted }),
  note: optionalLine(500).optional(),
  evidenceUrl: z
    .string()
    .trim()
    .max(500, { error: EXCLUSIVITY_MESSAGES.evidenceUrl })
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), { error: EXCLUSIVITY_MESSAGES.evidenceUrl })
    .optional(),
});
export type LogAction = z.infer<typeof logActionSchema>;

export const exclusivityActionSchema = z.object({
  _id: z.string(),
  date: z.string(),
  action: z.enum(MARKETING_ACTIONS),
  note: z.string().nullable(),
  evidenceUrl: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type ExclusivityAction = z.infer<typeof exclusivityActionSchema>;

/** An exclusivity as staff see it: the document's state, its term, its actions, and whether to warn. */
export const exclusivitySchema = orderSchema.extend({
  propertyId: z.string(),
  termStart: z.string(),
  termEnd: z.string(),
  marketingActions: z.array(z.enum(MARKETING_ACTIONS)),
  actions: z.array(exclusivityActionSchema),
  /** A third of a signed term has passed with no action logged. */
  noActionWarning: z.boolean(),
  notices: z.array(z.enum(EXCLUSIVITY_NOTICES)),
});
export type Exclusivity = z.infer<typeof exclusivitySchema>;

export const exclusivityListQuerySchema = z.object({ propertyId: idSchema });
export const exclusivityResponseSchema = successSchema(z.object({ exclusivity: exclusivitySchema }));
export const exclusivityListResponseSchema = successSchema(
  z.object({ exclusivities: z.array(exclusivitySchema) }),
);
export const exclusivityActionResponseSchema = successSchema(z.object({ action: exclusivityActionSchema }));
