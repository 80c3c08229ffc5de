import { officeHolidays } from './holidays';
import { isoDate } from './israel-calendar';

export type WorkingDays = { total: number; elapsed: number; remaining: number };

/** Sunday (0) to Thursday (4): Friday and Saturday are off (SPEC section 9). */
const isWeekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay() <= 4;

/**
 * Working days of a month: total, elapsed up to and including `today` (an Israel calendar date, YYYY-MM-DD),
 * and remaining. Israeli holidays and holiday eves that close the office are off too, unless `excludeHolidays` is
 * false (an agency that works through them turns it off in its settings).
 */
export function workingDays(
  year: number,
  month: number,
  today: string,
  options: { excludeHolidays?: boolean } = {},
): WorkingDays {
  const holidays = (options.excludeHolidays ?? true) ? officeHolidays(year) : undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  let total = 0;
  let elapsed = 0;
  for (let day = 1; day <= daysInMonth; day += 1) {
    const iso = isoDate(year, month, day);
    if (!isWeekday(year, month, day) || holidays?.has(iso)) continue;
    total += 1;
    if (iso <= today) elapsed += 1;
  }
  return { total, elapsed, remaining: total - elapsed };
}
