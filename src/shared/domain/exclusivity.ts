/**
 * The exclusivity (בלעדיות, docs/brokerage-order.md "Exclusivity"): the term rule, the marketing actions the
 * agency commits to and when the property's staff are told. The wording follows the Brokers in Real Estate Law,
 * 1996, section 9, and the Brokers in Real Estate Regulations (Marketing Actions), 1997, as we read them; the
 * agency's lawyer must check it.
 */
import { isRealDate } from './dates';

/** The marketing actions the regulations list (our reading of the 1997 regulations; a lawyer must check it). */
export const MARKETING_ACTIONS = [
  'sign',
  'newspaper',
  'internet',
  'flyers',
  'showing',
  'open-house',
  'other-brokers',
] as const;
export type MarketingAction = (typeof MARKETING_ACTIONS)[number];

export const MARKETING_ACTION_LABELS: Record<MarketingAction, string> = {
  sign: 'הצבת שלט על הנכס, בהסכמת הלקוח',
  newspaper: 'פרסום מודעה בעיתון',
  internet: 'פרסום באינטרנט ובאמצעי תקשורת אלקטרוניים',
  flyers: 'הפצת עלונים ודפי מידע על הנכס',
  showing: 'הצגת הנכס ללקוחות פוטנציאליים',
  'open-house': 'קיום בית פתוח בנכס',
  'other-brokers': 'שיתוף הנכס עם מתווכים אחרים',
};

/** The regulations ask for at least two marketing actions in an exclusivity. */
export const MIN_MARKETING_ACTIONS = 2;

/** The longest term: a single dwelling (an apartment, a house) 6 months, anything else 12. */
export const MAX_TERM_MONTHS = { dwelling: 6, other: 12 } as const;

/** Categories that are one dwelling, held to the 6-month term (a lawyer must confirm the mapping). */
const DWELLING_CATEGORIES: ReadonlySet<string> = new Set([
  'דירה',
  'דירת גן',
  'פנטהאוז דופלקס',
  'פנטהאוז',
  "קוטג'",
  'וילה',
  'דירת גן דופלקס',
  'דו משפחתי',
  'בית',
]);

export const isDwelling = (category: string) => DWELLING_CATEGORIES.has(category);

/** The longest term, in months, for a property of this category. */
export const maxTermMonths = (category: string) =>
  isDwelling(category) ? MAX_TERM_MONTHS.dwelling : MAX_TERM_MONTHS.other;

/**
 * A date (YYYY-MM-DD) `months` later, held to the month's last day: 2026-08-31 plus 6 months is 2027-02-28,
 * 2027-08-31 plus 6 months is 2028-02-29.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole days from one date to another (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const EXCLUSIVITY_MESSAGES = {
  property: 'יש לבחור נכס מהמאגר לבלעדיות',
  termStart: 'יש להזין תאריך תחילה תקין',
  termEnd: 'יש להזין תאריך סיום תקין',
  termOrder: 'תאריך הסיום חייב להיות אחרי תאריך התחילה',
  termDwelling: `בלעדיות על דירת מגורים אחת מוגבלת ל־${MAX_TERM_MONTHS.dwelling} חודשים לכל היותר`,
  termOther: `בלעדיות מוגבלת ל־${MAX_TERM_MONTHS.other} חודשים לכל היותר`,
  actionsMin: `יש לבחור לפחות ${MIN_MARKETING_ACTIONS} פעולות שיווק מהרשימה`,
  actionUnknown: 'פעולת השיווק אינה מהרשימה',
  actionNotCommitted: 'יש לבחור פעולת שיווק מאלה שהתחייבנו להן בבלעדיות',
  actionDate: 'יש להזין את תאריך הפעולה (בתוך תקופת הבלעדיות, לא בעתיד)',
  evidenceUrl: 'קישור הראיה חייב להתחיל ב־https://',
  side: 'בלעדיות נחתמת עם מוכר או משכיר בלבד',
  notSigned: 'אפשר לרשום פעולות שיווק רק לבלעדיות חתומה ובתוקף',
  notFound: 'הבלעדיות לא נמצאה',
  replacesOther: 'בלעדיות מתקנת יכולה להחליף רק בלעדיות של אותו נכס',
  overlapAtSigning: 'לנכס כבר נחתמה בלעדיות אחרת לתקופה הזו, ולכן אי אפשר לחתום על זו. פנו לסוכן.',
} as const;

/** A day as printed in Hebrew text: 2027-05-31 → 31.05.2027. */
export const printedDay = (day: string) => day.split('-').reverse().join('.');

/**
 * Whether two terms share a day. A term runs from its start to the day before its end date (the end date is the
 * day the property stops being exclusive), so one may start on the day another ends.
 */
export const termsOverlap = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && b.start < a.end;

/** Why a new term is refused beside a signed one that runs (on the start field): its term, and what is allowed. */
export const overlapMessage = (held: { termStart: string; termEnd: string }) =>
  `לנכס יש בלעדיות חתומה בתוקף מ־${printedDay(held.termStart)} עד ${printedDay(held.termEnd)}, החופפת לתקופה הזו. ` +
  `אפשר להתחיל בלעדיות חדשה ב־${printedDay(held.termEnd)} או אחריו, או ליצור בלעדיות מתקנת שמחליפה אותה.`;

/** Why a term is refused for a property of this category, with the field it belongs to, or null. */
export function termRefusal(
  category: string,
  start: string,
  end: string,
): { field: 'termStart' | 'termEnd'; message: string } | null {
  if (!isRealDate(start)) return { field: 'termStart', message: EXCLUSIVITY_MESSAGES.termStart };
  if (!isRealDate(end)) return { field: 'termEnd', message: EXCLUSIVITY_MESSAGES.termEnd };
  if (end <= start) return { field: 'termEnd', message: EXCLUSIVITY_MESSAGES.termOrder };
  if (end > addMonths(start, maxTermMonths(category)))
    return {
      field: 'termEnd',
      message: isDwelling(category) ? EXCLUSIVITY_MESSAGES.termDwelling : EXCLUSIVITY_MESSAGES.termOther,
    };
  return null;
}

/** Why a choice of committed actions is refused, or null: at least two, each from the list, none twice. */
export function actionsRefusal(actions: readonly string[]): string | null {
  if (actions.some((a) => !(MARKETING_ACTIONS as readonly string[]).includes(a)))
    return EXCLUSIVITY_MESSAGES.actionUnknown;
  if (new Set(actions).size < MIN_MARKETING_ACTIONS) return EXCLUSIVITY_MESSAGES.actionsMin;
  return null;
}

/** The day a third of the term has passed: with no action logged by then, the agent and manager are told. */
export const thirdOfTermDate = (start: string, end: string) =>
  addDays(start, Math.ceil(daysBetween(start, end) / 3));

/** How many days before the end the agent is told. */
export const END_NOTICE_DAYS = 7;
export const endNoticeDate = (end: string) => addDays(end, -END_NOTICE_DAYS);

export const EXCLUSIVITY_NOTICES = ['third-no-action', 'week-before-end', 'ended'] as const;
export type ExclusivityNotice = (typeof EXCLUSIVITY_NOTICES)[number];
