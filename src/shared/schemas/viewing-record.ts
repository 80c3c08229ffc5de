import { z } from 'zod';
import { MAX_DAYS_AHEAD } from '../domain/viewing-slots';
import { idSchema, trimmed } from './common';
import { instantText, mobileOnly, optionalEmail } from './viewings';

/**
 * A viewing the agent arranged by phone, recorded by staff (docs/viewings.md, "Recorded by staff";
 * docs/decisions/0067-viewings-recorded-by-staff.md).
 */

/** How far back a viewing that already took place may be recorded. */
export const MAX_DAYS_BACK = 14;

export const RECORD_MESSAGES = {
  propertyRequired: 'יש לבחור נכס',
  leadOrContact: 'יש לבחור ליד קיים או להזין את שם המבקר/ת והנייד',
  startsAtRequired: 'יש לבחור תאריך ושעה',
  tooFarBack: `אפשר לרשום ביקור שהתקיים עד ${MAX_DAYS_BACK} יום אחורה`,
  tooFarAhead: `אפשר לקבוע ביקור עד ${MAX_DAYS_AHEAD} יום מראש`,
  overlap: 'בזמן הזה כבר יש ביקור מאושר של הסוכן או בנכס הזה',
  minutes: 'משך הביקור: בין 10 ל־240 דקות',
  noAgent: 'לנכס הזה אין סוכן, ולכן אי אפשר לרשום בו ביקור',
  recorded: 'הביקור נרשם',
  /** The lead's timeline: a viewing ahead, and one that already took place. */
  noteAhead: (when: string) => `ביקור בנכס נקבע בטלפון ל־${when}`,
  notePast: (when: string) => `נרשם ביקור בנכס שנקבע בטלפון (${when})`,
  stageNote: 'ביקור בנכס נקבע בטלפון',
} as const;

const minutesSchema = z
  .number({ error: RECORD_MESSAGES.minutes })
  .int({ error: RECORD_MESSAGES.minutes })
  .min(10, { error: RECORD_MESSAGES.minutes })
  .max(240, { error: RECORD_MESSAGES.minutes });

/**
 * POST /viewings: the property, the visitor (an existing lead, or a name and an Israeli mobile, with an e-mail
 * when they want mail), the start and the length (default: the property's slot length).
 */
export const recordViewingSchema = z
  .object({
    propertyId: z.uuid({ error: RECORD_MESSAGES.propertyRequired }),
    leadId: idSchema.optional(),
    contact: z
      .object({
        name: trimmed(80, 'יש להזין שם'),
        mobile: mobileOnly,
        email: optionalEmail,
      })
      .optional(),
    startsAt: z
      .string({ error: RECORD_MESSAGES.startsAtRequired })
      .min(1, { error: RECORD_MESSAGES.startsAtRequired })
      .pipe(instantText),
    minutes: minutesSchema.optional(),
  })
  .refine((v) => Boolean(v.leadId) !== Boolean(v.contact), {
    error: RECORD_MESSAGES.leadOrContact,
    path: ['leadId'],
  });
export type RecordViewingBody = z.output<typeof recordViewingSchema>;
