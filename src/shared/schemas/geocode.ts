import { z } from 'zod';
import { optionalLine, successSchema, trimmed } from './common';
import { latLngSchema } from './property';

/** The geocoder's Hebrew messages (docs/locations.md). */
export const GEOCODE_MESSAGES = {
  cityRequired: 'יש להזין עיר',
  notConfigured: 'לא הוגדר שירות לאיתור כתובות: יש לסמן את המיקום במפה',
  notFound: 'הכתובת לא נמצאה: יש לסמן את המיקום במפה',
  unavailable: 'שירות איתור הכתובות אינו זמין כרגע. אפשר לסמן את המיקום במפה או לנסות שוב בעוד רגע',
} as const;

/** GET /api/v1/geocode: an address to suggest a point for (the property form). */
export const geocodeQuerySchema = z.object({
  city: trimmed(80, GEOCODE_MESSAGES.cityRequired),
  street: optionalLine(160).default(''),
  house: optionalLine(20).default(''),
});
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

/**
 * The suggestion: `configured` false when no geocoder is set (nothing asked); `point` null when the address
 * was not found (in Israel); `message` says either in Hebrew. A suggestion only: staff confirm it on the map.
 */
export const geocodeSchema = z.object({
  configured: z.boolean(),
  point: latLngSchema.nullable(),
  label: z.string().nullable(),
  message: z.string().nullable(),
});
export type Geocode = z.infer<typeof geocodeSchema>;
export const geocodeResponseSchema = successSchema(geocodeSchema);
