export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';

const dateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: ISRAEL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Israel of an instant, as YYYY-MM-DD. */
export function israelDate(instant: Date = new Date()): string {
  return dateFormatter.format(instant);
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
