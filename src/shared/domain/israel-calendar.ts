import { ISRAEL_TIME_ZONE, israelDate } from './israel-time';

const offsetFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: ISRAEL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Israel's offset from UTC, in milliseconds, at an instant (+2 h in winter, +3 h in summer). */
function israelOffsetMs(instant: number): number {
  const parts = Object.fromEntries(offsetFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of 00:00 in Israel on a calendar date (YYYY-MM-DD); DST changes at 02:00, so midnight always exists. */
export function israelMidnight(isoDate: string): Date {
  return israelWallTime(isoDate, 0);
}

/**
 * The instant of a wall-clock time in Israel (minutes after midnight) on a calendar date. A time skipped by
 * the spring change (02:00-03:00) falls an hour later; one repeated in autumn is its first occurrence.
 */
export function israelWallTime(isoDate: string, minutes: number): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(y, m - 1, d) + minutes * 60_000;
  let instant = wallClock - israelOffsetMs(wallClock);
  instant = wallClock - israelOffsetMs(instant);
  return new Date(instant);
}

const clockFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: ISRAEL_TIME_ZONE,
  hourCycle: 'h23',
  hour: 'numeric',
  minute: 'numeric',
});

/** Minutes after midnight on Israel's wall clock at an instant (0-1439). */
export function israelMinuteOfDay(instant: Date): number {
  const parts = Object.fromEntries(clockFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** Day of the week (0 Sunday - 6 Saturday) of a calendar date (YYYY-MM-DD). */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Adds days to a calendar date (YYYY-MM-DD), by the calendar, not by 24-hour steps. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const isoDate = (year: number, month: number, day = 1) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export type Range = { from: Date; to: Date };

/** [from, to) of a calendar month in Israel time. */
export function israelMonthRange(year: number, month: number): Range {
  const next = month === 12 ? isoDate(year + 1, 1) : isoDate(year, month + 1);
  return { from: israelMidnight(isoDate(year, month)), to: israelMidnight(next) };
}

/** [from, to) of the last 7 calendar days in Israel, today included. */
export function israelLast7Days(now: Date = new Date()): Range {
  const today = israelDate(now);
  return { from: israelMidnight(addDays(today, -6)), to: israelMidnight(addDays(today, 1)) };
}

/** The year and month (1-12) in Israel of an instant. */
export function israelYearMonth(now: Date = new Date()): { year: number; month: number } {
  const [y, m] = israelDate(now).split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

const LOCAL_INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;

/**
 * The instant of a date and time as a form sends it: with a zone ('...Z', '+03:00') as written, without one
 * ('2026-12-01T10:30', a datetime-local control) as Israel wall-clock time. Null when it is not a real
 * instant (check it with isRealDateOrInstant first for a date that does not exist), or outside the years 1900-2999.
 */
export function israelInstant(value: string): Date | null {
  const local = LOCAL_INSTANT.exec(value);
  const instant = local
    ? new Date(
        israelWallTime(local[1]!, Number(local[2]) * 60 + Number(local[3])).getTime() +
          Number(local[4] ?? 0) * 1000,
      )
    : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  // Only the years a booking or a list can mean: the database refuses year 0, and no one books in year 9999.
  const year = instant.getUTCFullYear();
  return year >= 1900 && year < 3000 ? instant : null;
}
