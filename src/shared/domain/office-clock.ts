import { israelWallTime } from './israel-calendar';
import { israelDate } from './israel-time';
import { isWorkingDay } from './working-days';

/**
 * The office's opening hours in Israel wall-clock minutes after midnight (9:00-16:00 is 540-960). Office
 * time runs only inside them, on working days (working-days.ts: Sunday to Thursday, and not on an Israeli
 * holiday or its eve unless `excludeHolidays` is false, the agency setting), so a response clock neither runs
 * over a weekend nor across a holiday the office keeps.
 */
export type OfficeHours = { opens: number; closes: number; excludeHolidays?: boolean };

export const DEFAULT_OFFICE_HOURS: OfficeHours = { opens: 9 * 60, closes: 16 * 60 };

/** No search runs further than this many days ahead (a whole year of holidays is far less). */
const MAX_DAYS = 3_700;

/** An open day: a working day by the office's holiday setting (holidays are off unless it says otherwise). */
export function isOfficeDay(isoDate: string, hours?: Pick<OfficeHours, 'excludeHolidays'>): boolean {
  return isWorkingDay(isoDate, hours?.excludeHolidays ?? true);
}

/** The open interval of a calendar day, as instants (DST-correct through israelWallTime). */
function openInterval(isoDate: string, hours: OfficeHours) {
  return { start: israelWallTime(isoDate, hours.opens), end: israelWallTime(isoDate, hours.closes) };
}

/** A calendar day as the office clock reads it: closed, or open between two instants (ms). */
type OfficeDay = { open: false } | { open: true; start: number; end: number };

const DAY_MS = 86_400_000;
/** A calendar date as a whole number of days since 1970-01-01, and back. */
const dayNumberOf = (isoDate: string) =>
  Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) /
  DAY_MS;
const isoDateOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/**
 * Days already read, per office hours, by day number. Reading a day asks the holiday calendar and the time
 * zone twice (Intl), and a month of leads asks the same few hundred days thousands of times (the network
 * dashboard measures every lead's response): the answers never change, so they are kept, up to a bound.
 */
const officeDays = new Map<string, Map<number, OfficeDay>>();
const MAX_KEPT_DAYS = 20_000;

function daysOf(hours: OfficeHours): Map<number, OfficeDay> {
  const key = `${hours.opens}|${hours.closes}|${hours.excludeHolidays ?? true}`;
  let days = officeDays.get(key);
  if (!days || days.size >= MAX_KEPT_DAYS) {
    if (officeDays.size >= 100) officeDays.clear();
    days = new Map();
    officeDays.set(key, days);
  }
  return days;
}

function officeDay(days: Map<number, OfficeDay>, dayNumber: number, hours: OfficeHours): OfficeDay {
  const kept = days.get(dayNumber);
  if (kept) return kept;
  const isoDate = isoDateOf(dayNumber);
  let day: OfficeDay = { open: false };
  if (isOfficeDay(isoDate, hours)) {
    const { start, end } = openInterval(isoDate, hours);
    day = { open: true, start: start.getTime(), end: end.getTime() };
  }
  days.set(dayNumber, day);
  return day;
}

/** Whether the office is open at an instant. */
export function isOfficeOpen(at: Date, hours: OfficeHours): boolean {
  const office = officeDay(daysOf(hours), dayNumberOf(israelDate(at)), hours);
  return office.open && at.getTime() >= office.start && at.getTime() < office.end;
}

/** Office minutes (with fractions) between two instants; 0 when `to` is not after `from`. */
export function officeMinutesBetween(from: Date, to: Date, hours: OfficeHours): number {
  if (to <= from) return 0;
  const days = daysOf(hours);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const first = dayNumberOf(israelDate(from));
  const last = Math.min(dayNumberOf(israelDate(to)), first + MAX_DAYS - 1);
  let ms = 0;
  for (let day = first; day <= last; day += 1) {
    const office = officeDay(days, day, hours);
    if (!office.open) continue;
    const overlap = Math.min(office.end, toMs) - Math.max(office.start, fromMs);
    if (overlap > 0) ms += overlap;
  }
  return ms / 60_000;
}

/**
 * The instant at which `minutes` of office time have passed since `from`: a lead that arrives on Friday
 * with a 15-minute target is due on Sunday at 9:15. With 0 minutes, the next moment the office is open.
 */
export function addOfficeMinutes(from: Date, minutes: number, hours: OfficeHours): Date {
  let remaining = Math.max(0, minutes) * 60_000;
  const days = daysOf(hours);
  const first = dayNumberOf(israelDate(from));
  for (let day = first; day < first + MAX_DAYS; day += 1) {
    const office = officeDay(days, day, hours);
    if (!office.open) continue;
    const begin = Math.max(office.start, from.getTime());
    const available = office.end - begin;
    if (available <= 0) continue;
    if (remaining <= available) return new Date(begin + remaining);
    remaining -= available;
  }
  throw new Error('no office time found');
}

/** The next moment the office is open at or after `at` (`at` itself while it is open). */
export const nextOfficeOpening = (at: Date, hours: OfficeHours): Date => addOfficeMinutes(at, 0, hours);

/** 'HH:MM' to minutes after midnight, and back. */
export const minutesOfClock = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
export const clockOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
