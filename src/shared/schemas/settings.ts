import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { isIsraeliMobile, PHONE_INVALID_MESSAGE } from '../domain/phone';
import { successSchema } from './common';

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { error: 'כתובת קישור לא תקינה' });

const anyPhone = z
  .string()
  .trim()
  .min(9, { error: PHONE_INVALID_MESSAGE })
  .max(20, { error: PHONE_INVALID_MESSAGE })
  .regex(/^[+\d][\d\- .]+$/, { error: PHONE_INVALID_MESSAGE });

/** The agency's details: one record, editable by an admin, read by every public page. */
export const agencySettingsSchema = z.object({
  agencyName: z.string().trim().min(1).max(120),
  phone: anyPhone,
  email: z.string().trim().regex(EMAIL_PATTERN, { error: EMAIL_INVALID_MESSAGE }),
  address: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(80),
  officeHours: z.string().trim().min(1).max(120),
  whatsappPhone: z.string().trim().refine(isIsraeliMobile, { error: PHONE_INVALID_MESSAGE }),
  facebookUrl: httpUrl,
  instagramUrl: httpUrl,
  investorSiteUrl: httpUrl,
});
export type AgencySettings = z.infer<typeof agencySettingsSchema>;

export const settingsResponseSchema = successSchema(z.object({ settings: agencySettingsSchema }));
