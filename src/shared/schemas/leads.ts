import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { LEAD_CATEGORIES } from '../domain/lead-categories';
import { cleanPhone, isIsraeliMobile, PHONE_INVALID_MESSAGE } from '../domain/phone';
import { okSchema, successSchema, trimmed } from './common';

/** The lead form's categories: keys for URLs (?category=seller), Hebrew values stored and mailed. */
export const LEAD_CATEGORY_VALUES = Object.values(LEAD_CATEGORIES) as [string, ...string[]];
export const LEAD_MESSAGES = {
  nameRequired: 'יש להזין שם',
  fullNameRequired: 'יש להזין שם מלא',
  phoneRequired: 'יש להזין מספר טלפון',
  emailRequired: 'יש להזין כתובת מייל',
  categoryRequired: 'יש לבחור קטגוריה',
  tooLong: (max: number) => `עד ${max} תווים`,
} as const;

/** Values the original lead form sent for a category, stored as ours ('משכיר', the landlord, is rental). */
export const LEAD_CATEGORY_ALIASES: Record<string, string> = { משכיר: LEAD_CATEGORIES.rental };

/** A known category (or an alias of one), trimmed; empty or missing gets the Hebrew 'required' message. */
export const leadCategorySchema = z
  .string({ error: LEAD_MESSAGES.categoryRequired })
  .trim()
  .transform((value) => LEAD_CATEGORY_ALIASES[value] ?? value)
  .pipe(z.enum(LEAD_CATEGORY_VALUES, { error: LEAD_MESSAGES.categoryRequired }));

/**
 * SPEC section 5: required, then the Israeli mobile pattern with its Hebrew message. The invisible marks and
 * no-break spaces a pasted number carries are removed first, so the number is stored as it reads.
 */
// An empty value gets only the 'required' message, not the pattern's as well.
export const mobilePhone = trimmed(30, LEAD_MESSAGES.phoneRequired)
  .overwrite(cleanPhone)
  .refine((v) => v === '' || isIsraeliMobile(v), {
    error: PHONE_INVALID_MESSAGE,
  });

/**
 * Honeypot: hidden from people, filled by bots. Any value is accepted (so a bot sees success),
 * but the server then neither stores nor mails the submission.
 */
export const honeypot = z.string().max(500).optional();

export const leadBodySchema = z.object({
  name: trimmed(80, LEAD_MESSAGES.nameRequired),
  phone: mobilePhone,
  category: leadCategorySchema,
  /** Optional: the city the visitor is interested in; a branch that covers it gets the lead (docs/leads.md). */
  city: z.string({ error: 'יש להזין עיר' }).trim().max(80, { error: 'עד 80 תווים' }).optional(),
  website: honeypot,
});
export type LeadBody = z.infer<typeof leadBodySchema>;

export const jobApplicationBodySchema = z.object({
  fullName: trimmed(80, LEAD_MESSAGES.fullNameRequired),
  phone: mobilePhone,
  email: trimmed(254, LEAD_MESSAGES.emailRequired).refine((v) => v === '' || EMAIL_PATTERN.test(v), {
    error: EMAIL_INVALID_MESSAGE,
  }),
  website: honeypot,
});
export type JobApplicationBody = z.infer<typeof jobApplicationBodySchema>;

export const sentResponseSchema = okSchema;

export const mailStatusSchema = z.enum(['pending', 'sent', 'failed', 'held']);

/** The delivery state of the e-mail about a lead; null when none was queued. */
export const mailInfoSchema = z
  .object({
    id: z.string(),
    status: mailStatusSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentAt: z.string().nullable(),
  })
  .nullable();

/** The admin's resend of a mail that gave up after its last attempt. */
export const resendMailResponseSchema = successSchema(z.object({ mail: mailInfoSchema.unwrap() }));

export const MAIL_MESSAGES = {
  notFailed: 'אפשר לשלוח מחדש רק מייל שנכשל',
} as const;

export const leadItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  category: z.string(),
  createdAt: z.string(),
  mail: mailInfoSchema,
});
export type LeadItem = z.infer<typeof leadItemSchema>;

export const jobApplicationItemSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  createdAt: z.string(),
  mail: mailInfoSchema,
});
export type JobApplicationItem = z.infer<typeof jobApplicationItemSchema>;

export const leadsInboxResponseSchema = successSchema(
  z.object({ leads: z.array(leadItemSchema), jobApplications: z.array(jobApplicationItemSchema) }),
);
export type LeadsInbox = z.infer<typeof leadsInboxResponseSchema>['data'];
