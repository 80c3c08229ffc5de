import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { israelInstant } from '../domain/israel-calendar';
import { cleanPhone, isIsraeliMobile } from '../domain/phone';
import { VIEWING_ORDER_STATES } from '../domain/viewing-order';
import { BOOKING_MODES, MAX_DAYS_AHEAD, type SlotRefusal, VIEWING_STATUSES } from '../domain/viewing-slots';
import { idSchema, optionalLine, successSchema, trimmed } from './common';
import { honeypot } from './leads';
import { viewingOutcomeSchema } from './viewing-outcome';

export const VIEWING_MESSAGES = {
  propertyNotFound: 'הנכס לא נמצא או שכבר נמכר',
  agentNotFound: 'הסוכן לא נמצא',
  viewingNotFound: 'הביקור לא נמצא',
  blockNotFound: 'החסימה לא נמצאה',
  linkNotFound: 'הקישור אינו תקף',
  notYours: 'רק הסוכן של הנכס, מנהל הסניף או הנהלת הרשת יכולים לשנות זאת',
  notYourHours: 'רק הסוכן עצמו, מנהל הסניף או הנהלת הרשת יכולים לשנות את שעות הביקור',
  noAgent: 'לנכס הזה אין סוכן, ולכן אי אפשר לקבוע בו ביקור באתר',
  mobile: 'יש להזין מספר טלפון נייד ישראלי, למשל 050-1234567',
  slotRequired: 'יש לבחור מועד לביקור',
  oneSlot: 'בנכס הזה בוחרים מועד אחד והביקור נקבע מיד',
  threeSlots: 'אפשר להציע עד שלושה מועדים',
  slotInvalid: 'המועד אינו תקין',
  sameSlotTwice: 'אותו מועד הוצע פעמיים',
  notRequested: 'אפשר לאשר רק ביקור שממתין לאישור',
  notProposed: 'המועד אינו אחד המועדים שהמבקר הציע',
  alreadyCancelled: 'הביקור כבר בוטל',
  cannotCancel: 'אי אפשר לבטל ביקור שכבר התקיים',
  spanInvalid: 'שעת הסיום צריכה להיות אחרי שעת ההתחלה',
  windowInvalid: 'שעת הסיום צריכה להיות אחרי שעת ההתחלה',
  booked: 'הביקור נקבע',
  requested: 'הבקשה נשלחה לסוכן, והוא יחזור אליכם לאישור המועד',
  cancelled: 'הביקור בוטל',
} as const;

/** Why a slot is refused, in Hebrew (409 for a slot just taken, 400 for the rest). */
export const SLOT_REFUSAL_MESSAGES: Record<SlotRefusal, string> = {
  past: 'המועד שנבחר כבר עבר',
  tooFar: `אפשר לקבוע ביקור עד ${MAX_DAYS_AHEAD} יום מראש`,
  restDay: 'אין ביקורים בשבת ובחג, וגם לא בערב שבת או חג אחרי השעה 14:00',
  outsideHours: 'המועד שנבחר אינו בשעות הביקור של הנכס',
  blocked: 'המועד שנבחר חסום לביקורים',
  taken: 'המועד הזה כבר נתפס. אפשר לבחור אחד מהמועדים הפנויים הבאים',
};

export const instantText = z
  .string({ error: VIEWING_MESSAGES.slotInvalid })
  .max(40, { error: VIEWING_MESSAGES.slotInvalid })
  .refine((v) => israelInstant(v.trim()) !== null, { error: VIEWING_MESSAGES.slotInvalid });

export const mobileOnly = z
  .string({ error: VIEWING_MESSAGES.mobile })
  .max(30, { error: 'עד 30 תווים' })
  .overwrite(cleanPhone)
  .refine(isIsraeliMobile, { error: VIEWING_MESSAGES.mobile });

export const optionalEmail = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .max(254, { error: 'עד 254 תווים' })
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: EMAIL_INVALID_MESSAGE })
  .default('');

/**
 * POST /property/{id}/viewings: a visitor books (instant mode: one slot) or asks (request mode: up to three
 * proposed slots). A form post sends one `slot`; the API takes `slots`.
 */
export const bookViewingSchema = z
  .object({
    name: trimmed(80, 'יש להזין שם'),
    phone: mobileOnly,
    email: optionalEmail,
    slots: z.array(instantText).max(3, { error: VIEWING_MESSAGES.threeSlots }).optional(),
    slot: instantText.optional(),
    website: honeypot,
  })
  .transform(({ slot, slots, ...rest }) => ({ ...rest, slots: slots ?? (slot ? [slot] : []) }))
  .refine((v) => v.slots.length > 0, { error: VIEWING_MESSAGES.slotRequired, path: ['slots'] });
export type BookViewingBody = z.output<typeof bookViewingSchema>;

export const slotSchema = z.object({ start: z.string(), end: z.string(), seatsLeft: z.number() });

export const viewingSlotsResponseSchema = successSchema(
  z.object({
    bookingMode: z.enum(BOOKING_MODES),
    slotMinutes: z.number(),
    capacity: z.number(),
    slots: z.array(slotSchema),
  }),
);

/** What a visitor sees of their own viewing (never anyone else's). */
export const visitorViewingSchema = z.object({
  _id: z.string(),
  status: z.enum(VIEWING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  proposals: z.array(z.string()),
  address: z.string(),
  city: z.string(),
});

export const bookViewingResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ viewing: visitorViewingSchema, cancelToken: z.string() }),
});

export const viewingLinkResponseSchema = successSchema(z.object({ viewing: visitorViewingSchema }));
export const tokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

const clock = z
  .string({ error: 'שעה בפורמט HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'שעה בפורמט HH:MM' });

export const availabilityWindowSchema = z
  .object({ weekday: z.number().int().min(0).max(6), from: clock, to: clock })
  .refine((w) => w.from < w.to, { error: VIEWING_MESSAGES.windowInvalid, path: ['to'] });

export const availabilityBodySchema = z.object({ windows: z.array(availabilityWindowSchema).max(50) });
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;

export const blockBodySchema = z
  .object({ startsAt: instantText, endsAt: instantText, note: optionalLine(200).optional().default('') })
  .refine((b) => israelInstant(b.startsAt)! < israelInstant(b.endsAt)!, {
    error: VIEWING_MESSAGES.spanInvalid,
    path: ['endsAt'],
  });
export type BlockBody = z.infer<typeof blockBodySchema>;

export const blockSchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
});

export const availabilityResponseSchema = successSchema(
  z.object({
    windows: z.array(z.object({ weekday: z.number(), from: z.string(), to: z.string() })),
    blocks: z.array(blockSchema),
  }),
);

export const viewingSettingsBodySchema = z.object({
  bookingMode: z.enum(BOOKING_MODES, { error: 'יש לבחור אופן קביעה' }),
  capacity: z
    .number()
    .int()
    .min(1, { error: 'לפחות מבקר אחד' })
    .max(50, { error: 'עד 50 מבקרים' })
    .default(1),
  slotMinutes: z
    .number()
    .int()
    .min(10, { error: 'לפחות 10 דקות' })
    .max(240, { error: 'עד 240 דקות' })
    .default(30),
});

export const viewingSettingsResponseSchema = successSchema(
  z.object({
    bookingMode: z.enum(BOOKING_MODES),
    capacity: z.number(),
    slotMinutes: z.number(),
    blocks: z.array(blockSchema),
  }),
);

export const blockResponseSchema = successSchema(z.object({ block: blockSchema }));

/** A viewing as staff see it. */
export const staffViewingSchema = visitorViewingSchema.extend({
  propertyId: z.string(),
  agentId: z.string().nullable(),
  seats: z.number(),
  visitorName: z.string(),
  visitorPhone: z.string(),
  visitorEmail: z.string().nullable(),
  leadId: z.string().nullable(),
  outcome: viewingOutcomeSchema.nullable(),
  /** When a request left unanswered went to the branch manager (docs/viewings.md, "Unanswered requests"). */
  escalatedAt: z.string().nullable(),
  /**
   * The brokerage order sent with the confirmation (docs/viewings.md, "The order and the address"): its state
   * on the card, its id, and why none was sent when it could not be prepared.
   */
  order: z.object({
    state: z.enum(VIEWING_ORDER_STATES),
    id: z.string().nullable(),
    problem: z.string().nullable(),
  }),
});

export const viewingResponseSchema = successSchema(z.object({ viewing: staffViewingSchema }));
export const viewingListResponseSchema = successSchema(z.object({ viewings: z.array(staffViewingSchema) }));
export const viewingListQuerySchema = z.object({
  from: instantText.optional(),
  to: instantText.optional(),
  /** One lead's viewings (its page); its own range reaches back to the oldest that may be recorded. */
  leadId: idSchema.optional(),
});
export const confirmViewingSchema = z.object({ startsAt: instantText.optional() });
