import { israelDate } from './israel-time';

/** The earliest day any date of the product may name (the agency's records start after it). */
export const EARLIEST_DATE = '2000-01-01';
export const DATE_RANGE_MESSAGE = 'התאריך חייב להיות בין שנת 2000 לשנה מהיום';

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30 and 2026-13-01). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The last day a date may name: one year after today in Israel. */
export function latestDate(today: string = israelDate()): string {
  return `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
}

/** A real date from 2000 up to one year after today (a typo such as 0202 or 2206 is refused). */
export function isPlausibleDate(value: string, today: string = israelDate()): boolean {
  return isRealDate(value) && value >= EARLIEST_DATE && value <= latestDate(today);
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * True for a date (YYYY-MM-DD) or a full ISO instant ('2026-03-10T09:00:00.000Z') whose day and time both
 * exist: no 30 February, no 25 o'clock (a parser would silently roll either over to another day).
 */
export function isRealDateOrInstant(value: string): boolean {
  if (value.length === 10) return isRealDate(value);
  const match = INSTANT.exec(value);
  if (!match) return false;
  const [, day = '', hours, minutes, seconds = '0', zone] = match;
  const zoneOk = !zone || zone === 'Z' || (Number(zone.slice(1, 3)) <= 14 && Number(zone.slice(-2)) < 60);
  return isRealDate(day) && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60 && zoneOk;
}

/** The year of a date of the window (a number) is plausible: 2000 up to next year. */
export function isPlausibleYear(year: number, today: string = israelDate()): boolean {
  return year >= Number(EARLIEST_DATE.slice(0, 4)) && year <= Number(latestDate(today).slice(0, 4));
}
