export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';

const dateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: ISRAEL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;
/**
 * Dates already read, by the UTC hour of the instant: Israel's offsets are whole hours and its clock changes on
 * the hour, so every instant of one UTC hour has the same Israel date. Lists of thousands of rows ask the same
 * few hundred hours over and over, and the Intl formatter is the slow part of them; bounded.
 */
const datesByHour = new Map<number, string>();
const MAX_KEPT_HOURS = 50_000;

/** The calendar date in Israel of an instant, as YYYY-MM-DD. */
export function israelDate(instant: Date = new Date()): string {
  const time = instant.getTime();
  if (Number.isNaN(time)) return dateFormatter.format(instant);
  const hour = Math.floor(time / HOUR_MS);
  const kept = datesByHour.get(hour);
  if (kept !== undefined) return kept;
  const date = dateFormatter.format(instant);
  if (datesByHour.size >= MAX_KEPT_HOURS) datesByHour.clear();
  datesByHour.set(hour, date);
  return date;
}

/** Day.month.year, as the product shows dates. */
export function formatDate(value: string | Date): string {
  const iso = typeof value === 'string' ? value.slice(0, 10) : israelDate(value);
  const [y, m, d] = iso.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
}

const timeFormatter = new Intl.DateTimeFormat('he-IL', {
  timeZone: ISRAEL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Israel of an instant, as HH:MM. */
export const formatTime = (instant: Date): string => timeFormatter.format(instant);
