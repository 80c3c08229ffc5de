import { z } from 'zod';
import {
  hasUnsafeCharacters,
  isBlankText,
  toFreeText,
  toSingleLine,
  UNSAFE_TEXT_MESSAGE,
} from '../domain/text';

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
  databaseUnavailable: 'השירות אינו זמין כרגע, נסה שוב בעוד כמה שניות',
  unsupportedMedia: 'סוג הקובץ אינו נתמך',
  badUrl: 'כתובת הבקשה אינה תקינה',
} as const;

/** A file over an upload's cap, naming the cap: 'הקובץ גדול מדי (עד 15 MB)'. */
export const fileTooLargeMessage = (maxBytes: number) =>
  `הקובץ גדול מדי (עד ${Math.round(maxBytes / (1024 * 1024))} MB)`;

export const idSchema = z.uuid({ error: MESSAGES.invalidId });
export const idParamsSchema = z.object({ id: idSchema });

export const errorCodeSchema = z.enum([
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'GONE',
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

/**
 * A required single-line text (a name, a city): bidi embeddings, overrides and direction marks removed, line
 * breaks and tabs made spaces (toSingleLine), trimmed, refused with UNSAFE_TEXT_MESSAGE when it holds a NUL byte
 * or a lone surrogate (the rule the server also applies to every field, query and param: plugins/input-guard.ts),
 * and with `message` when nothing visible is left (only spaces, zero-width or bidi characters).
 */
export function singleLine(message: string = MESSAGES.required) {
  return z
    .string({ error: message })
    .overwrite(toSingleLine)
    .trim()
    .refine((value) => !hasUnsafeCharacters(value), { error: UNSAFE_TEXT_MESSAGE, abort: true })
    .refine((value) => !isBlankText(value), { error: message, abort: true });
}

/** singleLine, at most `max` characters. */
export const trimmed = (max: number, message: string = MESSAGES.required) =>
  singleLine(message).max(max, { error: `עד ${max} תווים` });

const tooLong = (max: number) => `עד ${max.toLocaleString('en-US')} תווים`;

/** An optional single-line text (a job title, a condition): as singleLine, but empty is allowed. */
export const optionalLine = (max: number, message: string = tooLong(max), notText: string = message) =>
  z
    .string({ error: notText })
    .overwrite(toSingleLine)
    .trim()
    .refine((value) => !hasUnsafeCharacters(value), { error: UNSAFE_TEXT_MESSAGE, abort: true })
    .max(max, { error: message });

/**
 * A free text of several lines (a description, a note, a policy): bidi embeddings, overrides and isolates
 * removed (the direction marks are kept: mixed Hebrew and Latin text may need them), every line break a plain
 * LF, trimmed, at most `max` characters; empty is allowed.
 */
export const freeText = (max: number, message: string = tooLong(max), notText: string = message) =>
  z
    .string({ error: notText })
    .overwrite(toFreeText)
    .trim()
    .refine((value) => !hasUnsafeCharacters(value), { error: UNSAFE_TEXT_MESSAGE, abort: true })
    .max(max, { error: message });

/** How a number may be written as text: plain decimals only ('3', '-2', '3.5'). */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number that may arrive as text (a query string, a form control): plain decimals are read as numbers,
 * anything else ('0x10', '1e3', 'Infinity') stays text for `schema` to refuse, rather than being read as
 * 16, 1000 or ∞ the way Number() would. Empty text or null is `empty` (undefined: as if not sent).
 */
export function numberText<T extends z.ZodType>(schema: T, empty?: number) {
  return z.preprocess((value) => {
    if (value === null) return empty;
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return empty;
    return DECIMAL_TEXT.test(text) ? Number(text) : value;
  }, schema);
}
