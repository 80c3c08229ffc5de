import { describe, expect, it } from 'vitest';
import { officeHolidays } from './holidays';
import { isoDate } from './israel-calendar';
import { isOfficeDay } from './office-clock';
import { isWorkingDay, workingDays } from './working-days';

// Sunday-Thursday days of each month of 2026, counted by hand from the calendar.
const TOTALS_2026 = [21, 20, 23, 22, 21, 22, 22, 22, 22, 21, 22, 23];

const WEEKDAYS_ONLY = { excludeHolidays: false };

describe('workingDays, holidays counted as working days', () => {
  it('counts Sunday to Thursday in every month of 2026', () => {
    TOTALS_2026.forEach((total, i) => {
      expect(workingDays(2026, i + 1, '2026-12-31', WEEKDAYS_ONLY).total).toBe(total);
    });
  });
  it('splits the current month at today (Saturday 21.11.2026: 15 elapsed)', () => {
    expect(workingDays(2026, 11, '2026-11-21', WEEKDAYS_ONLY)).toEqual({
      total: 22,
      elapsed: 15,
      remaining: 7,
    });
  });
  it('counts today when it is a working day', () => {
    expect(workingDays(2026, 11, '2026-11-01', WEEKDAYS_ONLY)).toEqual({
      total: 22,
      elapsed: 1,
      remaining: 21,
    });
  });
  it('has everything elapsed in past months and nothing in future ones', () => {
    expect(workingDays(2026, 3, '2026-11-21', WEEKDAYS_ONLY)).toEqual({
      total: 23,
      elapsed: 23,
      remaining: 0,
    });
    expect(workingDays(2027, 1, '2026-11-21', WEEKDAYS_ONLY).elapsed).toBe(0);
  });
  it('handles February of a leap year', () => {
    expect(workingDays(2028, 2, '2028-12-31', WEEKDAYS_ONLY).total).toBe(21);
  });
});

describe('workingDays with holidays excluded', () => {
  it('removes Pesach, its eves and Independence Day in April 2026', () => {
    for (const d of ['2026-04-01', '2026-04-02', '2026-04-07', '2026-04-08', '2026-04-22']) {
      expect(officeHolidays(2026).has(d)).toBe(true);
    }
    expect(workingDays(2026, 4, '2026-12-31', { excludeHolidays: true }).total).toBe(17);
  });
  it('removes Rosh Hashana II, Erev Yom Kippur and Yom Kippur in September 2026', () => {
    expect(workingDays(2026, 9, '2026-12-31', { excludeHolidays: true }).total).toBe(19);
  });
  it('leaves a month without holidays unchanged, and is on by default (off only when asked)', () => {
    expect(workingDays(2026, 11, '2026-12-31', { excludeHolidays: true }).total).toBe(22);
    expect(workingDays(2026, 4, '2026-12-31').total).toBe(17);
    expect(workingDays(2026, 4, '2026-12-31', WEEKDAYS_ONLY).total).toBe(22);
  });
  it('does not close the office on Purim eve or Chanukah', () => {
    expect(officeHolidays(2026).has('2026-03-02')).toBe(false);
    expect(officeHolidays(2026).has('2026-12-07')).toBe(false);
  });
});

describe('isWorkingDay, the one definition of a working day', () => {
  it('is Sunday to Thursday, without the holidays the office keeps unless the agency works through them', () => {
    expect(isWorkingDay('2026-12-06')).toBe(true); // Sunday
    expect(isWorkingDay('2026-12-04')).toBe(false); // Friday
    expect(isWorkingDay('2026-12-05', false)).toBe(false); // Saturday stays off
    expect(isWorkingDay('2026-04-22')).toBe(false); // Independence Day (Wednesday)
    expect(isWorkingDay('2026-04-22', false)).toBe(true);
  });

  it('is what every caller counts: the month, office time and the office day agree on every day of 2026', () => {
    for (const excludeHolidays of [true, false]) {
      for (let month = 1; month <= 12; month += 1) {
        const days = new Date(Date.UTC(2026, month, 0)).getUTCDate();
        const counted = Array.from({ length: days }, (_, i) => isoDate(2026, month, i + 1)).filter((d) =>
          isOfficeDay(d, { excludeHolidays }),
        ).length;
        expect(counted).toBe(workingDays(2026, month, '2026-12-31', { excludeHolidays }).total);
      }
    }
  });
});
