import { z } from 'zod';

export const MESSAGES = {
  invalidId: 'מזהה לא תקין',
  required: 'שדה חובה',
  validation: 'הנתונים שנשלחו אינם תקינים',
  unauthorized: 'יש להתחבר כדי לבצע פעולה זו',
  forbidden: 'אין לך הרשאה לבצע פעולה זו',
  notFound: 'הפריט המבוקש לא נמצא',
  tooLarge: 'הבקשה גדולה מדי',
  tooManyRequests: 'יותר מדי ניסיונות, נסה שוב מאוחר יותר',
  foreignOrigin: 'בקשה ממקור לא מורשה נדחתה',
  serverError: 'אירעה שגיאה בשרת, נסה שוב מאוחר יותר',
  overloaded: 'השרת עמוס כרגע, נסה שוב בעוד רגע',
  unsupportedMedia: 'סוג הקובץ אינו נתמך',
} as const;

export const idSchema = z.uuid({ error: MESSAGES.invalidId });
export const idParamsSchema = z.object({ id: idSchema });

export const errorCodeSchema = z.enum([
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  status: z.enum(['fail', 'error']),
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ status: 'success', data }`: the envelope of every successful answer of the contract. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

export const okSchema = z.object({ status: z.literal('success'), message: z.string().optional() });

export function trimmed(max: number, message: string = MESSAGES.required) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `עד ${max} תווים` });
}
