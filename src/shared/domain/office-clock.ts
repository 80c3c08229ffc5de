import { addDays, israelWallTime } from './israel-calendar';
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

/** Whether the office is open at an instant. */
export function isOfficeOpen(at: Date, hours: OfficeHours): boolean {
  const day = israelDate(at);
  if (!isOfficeDay(day, hours)) return false;
  const { start, end } = openInterval(day, hours);
  return at >= start && at < end;
}

/** Office minutes (with fractions) between two instants; 0 when `to` is not after `from`. */
export function officeMinutesBetween(from: Date, to: Date, hours: OfficeHours): number {
  if (to <= from) return 0;
  const lastDay = israelDate(to);
  let ms = 0;
  for (let day = israelDate(from), n = 0; day <= lastDay && n < MAX_DAYS; day = addDays(day, 1), n += 1) {
    if (!isOfficeDay(day, hours)) continue;
    const { start, end } = openInterval(day, hours);
    const overlap = Math.min(end.getTime(), to.getTime()) - Math.max(start.getTime(), from.getTime());
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
  for (let day = israelDate(from), n = 0; n < MAX_DAYS; day = addDays(day, 1), n += 1) {
    if (!isOfficeDay(day, hours)) continue;
    const { start, end } = openInterval(day, hours);
    const begin = Math.max(start.getTime(), from.getTime());
    const available = end.getTime() - begin;
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
