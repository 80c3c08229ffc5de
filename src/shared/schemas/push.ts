import { z } from 'zod';
import { successSchema } from './common';

/** The kinds of notification a user can turn on or off (the test push is always allowed). */
export const PUSH_KINDS = ['leadAssigned', 'leadEscalated', 'nextTouchDue', 'dailyEntryMissing'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** How many devices one user may register: a phone, a tablet and a few browsers, not an unbounded list. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_MESSAGES = {
  endpointInvalid: 'כתובת המינוי להתראות אינה תקינה',
  endpointNotHttps: 'כתובת המינוי להתראות חייבת להיות מאובטחת (https)',
  endpointForeign: 'כתובת המינוי אינה של שירות התראות מוכר',
  endpointTaken: 'מכשיר זה רשום להתראות של משתמש אחר',
  p256dhInvalid: 'מפתח ההצפנה של המכשיר אינו תקין',
  authInvalid: 'מפתח האימות של המכשיר אינו תקין',
  tooManyDevices: `אפשר להפעיל התראות בעד ${MAX_PUSH_DEVICES} מכשירים. יש לכבות התראות באחד המכשירים ברשימה ולנסות שוב.`,
  deviceNotFound: 'המכשיר לא נמצא ברשימת המכשירים שלך',
} as const;

/** Base64url bytes of an exact length: `length` bytes encode to ceil(length * 4 / 3) characters, no padding. */
function base64urlBytes(length: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: message })
    .refine((value) => decodedLength(value) === length, { error: message });
}

function decodedLength(value: string) {
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/**
 * What the browser's PushSubscription.toJSON() gives: an https endpoint of the push service, the device's
 * P-256 public key (65 bytes, uncompressed point) and its 16-byte auth secret (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .max(1000, { error: PUSH_MESSAGES.endpointInvalid })
    .refine(
      (value) => {
        try {
          return Boolean(new URL(value).host);
        } catch {
          return false;
        }
      },
      { error: PUSH_MESSAGES.endpointInvalid, abort: true },
    )
    .refine((value) => new URL(value).protocol === 'https:', { error: PUSH_MESSAGES.endpointNotHttps }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64urlBytes(65, PUSH_MESSAGES.p256dhInvalid),
      auth: base64urlBytes(16, PUSH_MESSAGES.authInvalid),
    },
    { error: PUSH_MESSAGES.p256dhInvalid },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushDeviceSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushPreferencesSchema = z.object({
  leadAssigned: z.boolean(),
  leadEscalated: z.boolean(),
  nextTouchDue: z.boolean(),
  dailyEntryMissing: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const pushStateResponseSchema = successSchema(
  z.object({
    publicKey: z.string(),
    devices: z.array(pushDeviceSchema),
    preferences: pushPreferencesSchema,
    maxDevices: z.number(),
  }),
);

export type PushState = z.infer<typeof pushStateResponseSchema>['data'];

export const pushDeviceResponseSchema = successSchema(z.object({ device: pushDeviceSchema }));
export const pushPreferencesResponseSchema = successSchema(z.object({ preferences: pushPreferencesSchema }));

/** What a notification carries to the service worker: its text, where a tap leads, and its id. */
export const pushPayloadSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A site path (`/Inquiries/…`), opened on tap. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
