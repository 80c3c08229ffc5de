import { z } from 'zod';
import { numberText, trimmed } from './common';
import { honeypot, mobilePhone } from './leads';
import { noteSchema } from './pipeline-fields';

export const VALUATION_MESSAGES = {
  sent: 'הבקשה התקבלה! נחזור אליכם עם הערכת שווי בהקדם',
  rooms: 'יש להזין מספר חדרים בין 1 ל-20 (אפשר חצאים)',
  size: 'יש להזין גודל במ"ר, מספר שלם בין 10 ל-10,000',
} as const;

/** POST /valuation: a seller's "כמה שווה הנכס שלי?" request (public, rate-limited, with a honeypot). */
export const valuationBodySchema = z.object({
  name: trimmed(80, 'יש להזין שם'),
  phone: mobilePhone,
  city: trimmed(80, 'יש להזין עיר'),
  street: trimmed(120, 'יש להזין רחוב'),
  rooms: numberText(
    z
      .number({ error: VALUATION_MESSAGES.rooms })
      .min(1, { error: VALUATION_MESSAGES.rooms })
      .max(20, { error: VALUATION_MESSAGES.rooms })
      .refine((rooms) => Number.isInteger(rooms * 2), { error: VALUATION_MESSAGES.rooms }),
  ),
  size: numberText(
    z
      .number({ error: VALUATION_MESSAGES.size })
      .int({ error: VALUATION_MESSAGES.size })
      .min(10, { error: VALUATION_MESSAGES.size })
      .max(10_000, { error: VALUATION_MESSAGES.size }),
  ),
  message: noteSchema.optional().default(''),
  website: honeypot,
});
export type ValuationBody = z.infer<typeof valuationBodySchema>;
