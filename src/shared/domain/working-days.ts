import { officeHolidays } from './holidays';
import { isoDate, weekdayOf } from './israel-calendar';

export type WorkingDays = { total: number; elapsed: number; remaining: number };

/**
 * The one definition of a working day, used by the month's working days, the response clock's office time and
 * the evening reminder: Sunday (0) to Thursday (4) (SPEC section 9), and not an Israeli holiday or a holiday
 * eve that closes the office (holidays.ts) unless the agency works through them (`excludeHolidays` false in
 * its settings).
 */
export function isWorkingDay(isoDate: string, excludeHolidays = true): boolean {
  if (weekdayOf(isoDate) > 4) return false;
  return !(excludeHolidays && officeHolidays(Number(isoDate.slice(0, 4))).has(isoDate));
}

/**
 * Working days of a month (isWorkingDay): total, elapsed up to and including `today` (an Israel calendar date,
 * YYYY-MM-DD), and remaining.
 */
export function workingDays(
  year: number,
  month: number,
  today: string,
  options: { excludeHolidays?: boolean } = {},
): WorkingDays {
  const excludeHolidays = options.excludeHolidays ?? true;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  let total = 0;
  let elapsed = 0;
  for (let day = 1; day <= daysInMonth; day += 1) {
    const iso = isoDate(year, month, day);
    if (!isWorkingDay(iso, excludeHolidays)) continue;
    total += 1;
    if (iso <= today) elapsed += 1;
  }
  return { total, elapsed, remaining: total - elapsed };
}
