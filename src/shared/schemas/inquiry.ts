import { z } from 'zod';
import { freeText, idSchema, numberText, successSchema, trimmed } from './common';
import { honeypot, mailInfoSchema, mobilePhone } from './leads';

export const INQUIRY_MESSAGES = {
  propertyNotFound: 'הנכס לא נמצא או שכבר נמכר',
  notYours: 'אפשר לצפות רק בפניות על הנכסים שלך',
} as const;

export const INQUIRY_MESSAGE_MAX = 1000;

/** POST /property/{id}/inquiry: a visitor's interest in one property. */
export const inquiryBodySchema = z.object({
  name: trimmed(80, 'יש להזין שם'),
  phone: mobilePhone,
  message: freeText(INQUIRY_MESSAGE_MAX, `עד ${INQUIRY_MESSAGE_MAX} תווים`, 'יש להזין טקסט')
    .optional()
    .default(''),
  website: honeypot,
});
export type InquiryBody = z.input<typeof inquiryBodySchema>;

/** The property an inquiry is about, as the inbox shows it (null once the property was deleted). */
export const inquiryPropertySchema = z
  .object({ _id: z.string(), address: z.string(), city: z.string(), price: z.number() })
  .nullable();

/** The agent the inquiry was sent to (null: only the office). */
export const inquiryAgentSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const inquiryItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  property: inquiryPropertySchema,
  agent: inquiryAgentSchema,
  /** The e-mail's delivery state: admins only (null for agents). */
  mail: mailInfoSchema,
});
export type InquiryItem = z.infer<typeof inquiryItemSchema>;

export const inquiryListQuerySchema = z.object({
  agentId: idSchema.optional(),
  propertyId: idSchema.optional(),
  limit: numberText(z.number().int().min(1).max(500).default(200)),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>;

/** The admin's filter choices: the agents and properties that have inquiries (empty for agents). */
export const inquiryFiltersSchema = z.object({
  agents: z.array(z.object({ _id: z.string(), name: z.string() })),
  properties: z.array(z.object({ _id: z.string(), address: z.string(), city: z.string() })),
});
export type InquiryFilters = z.infer<typeof inquiryFiltersSchema>;

export const inquiryListResponseSchema = successSchema(
  z.object({ inquiries: z.array(inquiryItemSchema), filters: inquiryFiltersSchema }),
);
export type InquiryList = z.infer<typeof inquiryListResponseSchema>['data'];
export const inquiryResponseSchema = successSchema(z.object({ inquiry: inquiryItemSchema }));
