import { z } from 'zod';
import { MAX_AMOUNT } from '../domain/activities';
import { EARLIEST_DATE, isRealDateOrInstant } from '../domain/dates';
import { israelInstant } from '../domain/israel-calendar';
import { israelDate } from '../domain/israel-time';
import { plural } from '../domain/plural';
import { freeText, numberText } from './common';

/** The pipeline's Hebrew field messages (the server's fieldErrors and the forms show the same words). */
export const PIPELINE_MESSAGES = {
  statusUnknown: 'סטטוס לא מוכר',
  /** A page token that is not one the list gave (edited by hand, or of another list). */
  badCursor: 'קישור העמוד אינו תקין, יש לחזור לעמוד הראשון',
  lossReasonRequired: 'יש לבחור סיבה',
  lossReasonUnknown: 'סיבה לא מוכרת',
  lossTextRequired: 'יש לפרט את הסיבה',
  sourceUnknown: 'מקור לא מוכר',
  instantInvalid: 'מועד לא תקין',
  nextTouchPast: 'המועד למגע הבא כבר עבר',
  nextTouchTooFar: 'המועד למגע הבא רחוק מדי (עד שנתיים)',
  activityFuture: 'לא ניתן לרשום פעילות במועד עתידי',
  activityTooOld: 'המועד לפני שנת 2000',
  activityTooFarBack: 'אפשר לרשום פעילות עד 30 יום אחורה',
  kindUnknown: 'סוג פעילות לא מוכר',
  kindFixed: 'לא ניתן לשנות את סוג הפעילות: יש למחוק ולרשום מחדש',
  amountInvalid: 'יש להזין סכום בש"ח, מספר שלם',
  amountNegative: 'הסכום אינו יכול להיות שלילי',
  amountTooHigh: 'הסכום גבוה מדי (עד 1,000,000,000 ₪)',
  offerAmountRequired: 'יש להזין את סכום ההצעה',
  dealPriceRequired: 'יש להזין את מחיר העסקה',
  dealCommissionRequired: 'יש להזין את העמלה',
  splitOverCommission: 'חלקו של הסוכן השני גדול מהעמלה כולה',
  dealPriceZero: 'מחיר העסקה חייב להיות גדול מאפס',
  commissionOverPrice: 'העמלה אינה יכולה לעלות על מחיר העסקה',
  commissionNotSides: 'העמלה הכוללת אינה שווה לסכום העמלות של הצדדים',
  vatChoiceInvalid: 'יש לבחור אם העמלה כוללת מע"מ',
  dealBeforeLead: 'העסקה אינה יכולה להיות מתוארכת לפני שהליד התקבל',
  secondDeal: 'בליד הזה כבר נרשמה עסקה. לרשום עסקה נוספת?',
  splitNeedsAgent: 'יש לבחור את הסוכן השני',
  secondAgentSame: 'הסוכן השני חייב להיות סוכן אחר',
  amountNotForKind: 'לסוג פעילות זה אין סכום',
  rangeOrder: 'תאריך הסיום לפני תאריך ההתחלה',
  rangeTooLong: (days: number) =>
    `טווח התאריכים ארוך מדי (עד ${plural(days, { one: 'יום אחד', two: 'יומיים', other: '{n} ימים' })})`,
  leaveOrder: 'סוף החופשה לפני תחילתה',
  leadNotFound: 'הליד לא נמצא',
  activityNotFound: 'הפעילות לא נמצאה',
  notYourLead: 'אפשר לעבוד רק על לידים שבבעלותך',
  notYourActivity: 'אפשר לערוך רק פעילות שרשמת',
  ownerNotAgent: 'אפשר לשייך ליד רק למשתמש פעיל',
  ownerForAgentsOnly: 'סוכן יכול להוסיף ליד רק לעצמו',
  takesLeadsAdminOnly: 'רק מנהל יכול לשנות את קבלת הלידים',
  indicatorFromActivity: 'הנתון נרשם מפעילות בליד: יש לערוך או למחוק את הפעילות, לא את הנתון',
  propertyNotFound: 'הנכס לא נמצא',
  noteTooLong: (max: number) => `עד ${max} תווים`,
} as const;

const MINUTE = 60_000;
/** Slack for a clock a little behind the server's, and for the seconds a form takes to send. */
const CLOCK_SLACK_MS = 2 * MINUTE;
const TWO_YEARS_MS = 731 * 24 * 60 * MINUTE;

/** A date and time: with a zone as written, without one as Israel wall-clock time (a datetime-local control). */
export const instantSchema = z
  .string({ error: PIPELINE_MESSAGES.instantInvalid })
  .trim()
  .refine((value) => value.length > 10 && isRealDateOrInstant(value), {
    error: PIPELINE_MESSAGES.instantInvalid,
    abort: true,
  })
  .transform((value, ctx) => {
    const instant = israelInstant(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: PIPELINE_MESSAGES.instantInvalid });
      return z.NEVER;
    }
    return instant;
  });

/** The next touch: from now (a minute or two of slack) up to two years ahead. */
export const nextTouchSchema = instantSchema
  .refine((at) => at.getTime() >= Date.now() - CLOCK_SLACK_MS, { error: PIPELINE_MESSAGES.nextTouchPast })
  .refine((at) => at.getTime() <= Date.now() + TWO_YEARS_MS, { error: PIPELINE_MESSAGES.nextTouchTooFar });

/**
 * When an activity happened: not in the future, not before the indicators' first day (2000, in Israel); a
 * correction of an old one may go that far back.
 */
export const occurredAtSchema = instantSchema
  .refine((at) => at.getTime() <= Date.now() + CLOCK_SLACK_MS, { error: PIPELINE_MESSAGES.activityFuture })
  .refine((at) => israelDate(at) >= EARLIEST_DATE, { error: PIPELINE_MESSAGES.activityTooOld });

/**
 * How far back a new activity may be dated: the longest a phone keeps work made without a network before it
 * syncs (docs/leads.md, Offline). The device dates an activity when the agent logs it, so one logged offline before
 * midnight counts on that day however late it reaches the server.
 */
export const ACTIVITY_BACKDATE_DAYS = 30;

/** When a new activity happened: up to ACTIVITY_BACKDATE_DAYS back, never ahead (a few minutes of clock slack). */
export const newActivityAtSchema = occurredAtSchema.refine(
  (at) => at.getTime() >= Date.now() - ACTIVITY_BACKDATE_DAYS * 24 * 60 * MINUTE,
  { error: PIPELINE_MESSAGES.activityTooFarBack },
);

/** An amount in whole shekels, 0 up to 1,000,000,000 (text from a form control is read as a number). */
export const amountSchema = numberText(
  z
    .number({ error: PIPELINE_MESSAGES.amountInvalid })
    .int({ error: PIPELINE_MESSAGES.amountInvalid })
    .min(0, { error: PIPELINE_MESSAGES.amountNegative })
    .max(MAX_AMOUNT, { error: PIPELINE_MESSAGES.amountTooHigh }),
);

export const NOTE_MAX = 2000;
/** A free note (several lines allowed); empty when none. */
export const noteSchema = freeText(NOTE_MAX, PIPELINE_MESSAGES.noteTooLong(NOTE_MAX));
