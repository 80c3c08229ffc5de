import { z } from 'zod';
import {
  FEE_KINDS,
  feeRefusal,
  MAX_ORDER_PROPERTIES,
  ORDER_MESSAGES,
  ORDER_SIDES,
  ORDER_STATUSES,
  PHONE_PROOFS,
  SIGNATURE_METHODS,
  TRANSACTION_KINDS,
  TRANSACTION_OF_SIDE,
} from '../domain/brokerage-order';
import { EMAIL_INVALID_MESSAGE, isEmail } from '../domain/email';
import { isValidIsraeliId, padIsraeliId } from '../domain/israeli-id';
import { cleanPhone, isIsraeliMobile } from '../domain/phone';
import { idSchema, optionalLine, successSchema, trimmed } from './common';

const orderPropertySchema = z.object({
  propertyId: idSchema.optional(),
  address: trimmed(200, ORDER_MESSAGES.propertyAddress),
});

/** The client's ID: 1 to 9 digits (padded to 9), its check digit right. */
const clientIdSchema = z
  .string({ error: ORDER_MESSAGES.clientIdNumber })
  .trim()
  .min(1, { error: ORDER_MESSAGES.clientIdNumber, abort: true })
  .refine(isValidIsraeliId, { error: ORDER_MESSAGES.clientIdInvalid })
  .transform((value) => padIsraeliId(value) ?? value);

/** What an agent fills to issue an order (the server adds the broker, the agency and the branch). */
export const createOrderSchema = z
  .object({
    leadId: idSchema.optional(),
    propertyId: idSchema.optional(),
    replacesOrderId: idSchema.optional(),
    side: z.enum(ORDER_SIDES, { error: ORDER_MESSAGES.side }),
    transactionKind: z.enum(TRANSACTION_KINDS, { error: ORDER_MESSAGES.transactionKind }),
    clientName: trimmed(120, ORDER_MESSAGES.clientName),
    clientIdNumber: clientIdSchema,
    clientAddress: trimmed(200, ORDER_MESSAGES.clientAddress),
    clientPhone: z
      .string({ error: ORDER_MESSAGES.clientPhone })
      .overwrite(cleanPhone)
      .refine(isIsraeliMobile, { error: ORDER_MESSAGES.clientPhone }),
    clientEmail: z
      .string()
      .trim()
      .max(120, { error: EMAIL_INVALID_MESSAGE })
      .refine((value) => value === '' || isEmail(value), { error: EMAIL_INVALID_MESSAGE })
      .optional(),
    /** One of the branch's licensed brokers, by licence number; the branch's first when left out. */
    brokerLicence: optionalLine(10).optional(),
    properties: z
      .array(orderPropertySchema, { error: ORDER_MESSAGES.properties })
      .min(1, { error: ORDER_MESSAGES.properties })
      .max(MAX_ORDER_PROPERTIES, { error: ORDER_MESSAGES.tooManyProperties }),
    approxPrice: z
      .number({ error: ORDER_MESSAGES.approxPrice })
      .int({ error: ORDER_MESSAGES.approxPrice })
      .positive({ error: ORDER_MESSAGES.approxPrice })
      .max(2_000_000_000, { error: ORDER_MESSAGES.approxPrice }),
    feeKind: z.enum(FEE_KINDS, { error: ORDER_MESSAGES.feeKind }),
    feeValue: z.number({ error: ORDER_MESSAGES.fee }).max(20_000_000, { error: ORDER_MESSAGES.fee }),
    vatIncluded: z.boolean({ error: ORDER_MESSAGES.vatIncluded }),
  })
  .superRefine((order, ctx) => {
    if (!order.leadId && !order.propertyId)
      ctx.addIssue({ code: 'custom', path: ['leadId'], message: ORDER_MESSAGES.source });
    if (TRANSACTION_OF_SIDE[order.side] !== order.transactionKind)
      ctx.addIssue({ code: 'custom', path: ['transactionKind'], message: ORDER_MESSAGES.transactionOfSide });
    const fee = feeRefusal(order.feeKind, order.feeValue);
    if (fee) ctx.addIssue({ code: 'custom', path: ['feeValue'], message: fee });
  });
export type CreateOrder = z.infer<typeof createOrderSchema>;
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const revokeOrderSchema = z.object({ reason: trimmed(500, ORDER_MESSAGES.revokeReason) });

export const orderListQuerySchema = z
  .object({ leadId: idSchema.optional(), propertyId: idSchema.optional() })
  .refine((q) => Boolean(q.leadId) !== Boolean(q.propertyId), { error: ORDER_MESSAGES.source });

export const orderSchema = z.object({
  _id: z.string(),
  leadId: z.string().nullable(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  side: z.enum(ORDER_SIDES),
  transactionKind: z.enum(TRANSACTION_KINDS),
  clientName: z.string(),
  clientIdNumber: z.string(),
  clientAddress: z.string(),
  clientPhone: z.string(),
  clientEmail: z.string().nullable(),
  agencyName: z.string(),
  brokerName: z.string(),
  brokerLicence: z.string(),
  brokerAddress: z.string(),
  properties: z.array(z.object({ propertyId: z.string().optional(), address: z.string() })),
  approxPrice: z.number(),
  feeAgorot: z.number().nullable(),
  feePercentHundredths: z.number().nullable(),
  vatIncluded: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  replacesOrderId: z.string().nullable(),
  revokeReason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  phoneProof: z.enum(PHONE_PROOFS).nullable(),
  htmlSha256: z.string().nullable(),
  pdfSha256: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = successSchema(z.object({ order: orderSchema }));
export const orderListResponseSchema = successSchema(z.object({ orders: z.array(orderSchema) }));

/** What the agent gets when sending: the link, the WhatsApp message and whether an SMS went out. */
export const sendOrderResponseSchema = successSchema(
  z.object({
    order: orderSchema,
    link: z.string(),
    whatsappUrl: z.string(),
    smsSent: z.boolean(),
    expiresAt: z.string(),
  }),
);

/** The prefill of a new order from a lead or a property: what the product already knows. */
export const orderDraftSchema = z.object({
  leadId: z.string().optional(),
  propertyId: z.string().optional(),
  side: z.enum(ORDER_SIDES),
  transactionKind: z.enum(TRANSACTION_KINDS),
  clientName: z.string(),
  clientPhone: z.string(),
  clientEmail: z.string(),
  properties: z.array(z.object({ propertyId: z.string().optional(), address: z.string() })),
  approxPrice: z.number().nullable(),
  brokers: z.array(z.object({ name: z.string(), licenceNumber: z.string() })),
  brokerAddress: z.string(),
});
export type OrderDraft = z.infer<typeof orderDraftSchema>;
export const orderDraftResponseSchema = successSchema(z.object({ draft: orderDraftSchema }));

/** The signer's submission from the signing page. */
export const signOrderSchema = z
  .object({
    method: z.enum(SIGNATURE_METHODS, { error: ORDER_MESSAGES.signatureEmpty }),
    /** A PNG data URL of the drawn signature. */
    signaturePng: z.string().max(1_500_000, { error: ORDER_MESSAGES.signatureInvalid }).optional(),
    typedName: optionalLine(120).optional(),
    consent: z.literal(true, { error: ORDER_MESSAGES.consent }),
    /**
     * The signer's ID number and address, asked only when the order was issued without them (an order sent with
     * a viewing's confirmation, decision 0064); ignored otherwise. Checked by the signing.
     */
    clientIdNumber: z.string().max(20, { error: ORDER_MESSAGES.clientIdInvalid }).optional(),
    clientAddress: optionalLine(200).optional(),
  })
  .superRefine((sign, ctx) => {
    if (sign.method === 'drawn' && !sign.signaturePng)
      ctx.addIssue({ code: 'custom', path: ['signaturePng'], message: ORDER_MESSAGES.signatureEmpty });
    if (sign.method === 'typed' && !sign.typedName)
      ctx.addIssue({ code: 'custom', path: ['typedName'], message: ORDER_MESSAGES.typedName });
  });
export type SignOrder = z.infer<typeof signOrderSchema>;

export const tokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const myDayOrdersResponseSchema = successSchema(z.object({ orders: z.array(orderSchema) }));
