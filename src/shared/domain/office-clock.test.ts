import { describe, expect, it } from 'vitest';
import { israelWallTime } from './israel-calendar';
import {
  addOfficeMinutes,
  clockOfMinutes,
  DEFAULT_OFFICE_HOURS as hours,
  isOfficeDay,
  isOfficeOpen,
  minutesOfClock,
  nextOfficeOpening,
  officeMinutesBetween,
} from './office-clock';

const at = (date: string, hhmm: string) => israelWallTime(date, minutesOfClock(hhmm));

describe('office days', () => {
  it('are Sunday to Thursday, without holidays and their eves', () => {
    expect(isOfficeDay('2026-12-06')).toBe(true); // Sunday
    expect(isOfficeDay('2026-12-03')).toBe(true); // Thursday
    expect(isOfficeDay('2026-12-04')).toBe(false); // Friday
    expect(isOfficeDay('2026-12-05')).toBe(false); // Saturday
    expect(isOfficeDay('2026-04-01')).toBe(false); // Pesach eve (Wednesday)
    expect(isOfficeDay('2026-04-02')).toBe(false); // Pesach (Thursday)
    expect(isOfficeDay('2026-04-05')).toBe(true); // Chol HaMoed Sunday
    expect(isOfficeDay('2026-04-22')).toBe(false); // Independence Day
  });

  it('are open from the opening minute up to, not including, the closing one', () => {
    expect(isOfficeOpen(at('2026-12-01', '08:59'), hours)).toBe(false);
    expect(isOfficeOpen(at('2026-12-01', '09:00'), hours)).toBe(true);
    expect(isOfficeOpen(at('2026-12-01', '15:59'), hours)).toBe(true);
    expect(isOfficeOpen(at('2026-12-01', '16:00'), hours)).toBe(false);
    expect(isOfficeOpen(at('2026-12-04', '10:00'), hours)).toBe(false);
  });
});

describe('office minutes between two instants', () => {
  it('counts the open minutes of one day', () => {
    expect(officeMinutesBetween(at('2026-12-01', '10:00'), at('2026-12-01', '10:15'), hours)).toBe(15);
    expect(officeMinutesBetween(at('2026-12-01', '07:00'), at('2026-12-01', '09:05'), hours)).toBe(5);
    expect(officeMinutesBetween(at('2026-12-01', '17:00'), at('2026-12-02', '09:00'), hours)).toBe(0);
    expect(officeMinutesBetween(at('2026-12-01', '00:00'), at('2026-12-02', '00:00'), hours)).toBe(420);
  });

  it('is 0 when the end is not after the start', () => {
    expect(officeMinutesBetween(at('2026-12-01', '11:00'), at('2026-12-01', '10:00'), hours)).toBe(0);
    expect(officeMinutesBetween(at('2026-12-01', '11:00'), at('2026-12-01', '11:00'), hours)).toBe(0);
  });

  it('stops over a weekend', () => {
    // Thursday 15:50 to Sunday 9:10: ten minutes before closing, ten after opening.
    expect(officeMinutesBetween(at('2026-12-03', '15:50'), at('2026-12-06', '09:10'), hours)).toBe(20);
    // A whole week: five days of seven hours.
    expect(officeMinutesBetween(at('2026-11-29', '00:00'), at('2026-12-06', '00:00'), hours)).toBe(5 * 420);
  });

  it('stops over a holiday and its eve', () => {
    // Tuesday 31.3.2026 15:30; Wednesday is Pesach eve, Thursday Pesach, then the weekend.
    expect(officeMinutesBetween(at('2026-03-31', '15:30'), at('2026-04-05', '09:30'), hours)).toBe(60);
  });

  it('reads each day by its own hours and holiday rule, the same on every call', () => {
    // The days are kept once read: other hours, or holidays kept open, over the same days are not mixed up.
    const week = [at('2026-03-29', '00:00'), at('2026-04-05', '00:00')] as const;
    const late = { opens: 10 * 60, closes: 18 * 60 };
    for (let n = 0; n < 2; n += 1) {
      // Sunday to Tuesday open; Pesach eve and Pesach closed.
      expect(officeMinutesBetween(...week, hours)).toBe(3 * 420);
      expect(officeMinutesBetween(...week, late)).toBe(3 * 480);
      expect(officeMinutesBetween(...week, { ...hours, excludeHolidays: false })).toBe(5 * 420);
    }
  });

  it('counts real minutes across a daylight-saving change', () => {
    // Summer time ends on Sunday 25.10.2026 at 2:00; Thursday 15:00 to Sunday 10:00 is two office hours.
    expect(officeMinutesBetween(at('2026-10-22', '15:00'), at('2026-10-25', '10:00'), hours)).toBe(120);
    // Summer time starts on Friday 27.3.2026: the weekend it falls in counts nothing either.
    expect(officeMinutesBetween(at('2026-03-26', '15:00'), at('2026-03-29', '10:00'), hours)).toBe(120);
    // Hours that span the change: the repeated hour is real time, so midnight to 6:00 that Sunday is 7 hours.
    const night = { opens: 0, closes: 6 * 60 };
    expect(officeMinutesBetween(at('2026-10-25', '00:00'), at('2026-10-25', '06:00'), night)).toBe(420);
    expect(officeMinutesBetween(at('2026-10-26', '00:00'), at('2026-10-26', '06:00'), night)).toBe(360);
  });
});

describe('adding office minutes (when a response is due)', () => {
  it('adds inside a day, up to the closing minute exactly', () => {
    expect(addOfficeMinutes(at('2026-12-01', '10:00'), 15, hours)).toEqual(at('2026-12-01', '10:15'));
    expect(addOfficeMinutes(at('2026-12-01', '15:45'), 15, hours)).toEqual(at('2026-12-01', '16:00'));
    expect(addOfficeMinutes(at('2026-12-01', '15:45'), 16, hours)).toEqual(at('2026-12-02', '09:01'));
  });

  it('starts the clock at the next opening for a lead that arrives while the office is closed', () => {
    expect(addOfficeMinutes(at('2026-12-01', '06:30'), 15, hours)).toEqual(at('2026-12-01', '09:15'));
    // Friday morning: due on Sunday at 9:15.
    expect(addOfficeMinutes(at('2026-12-04', '10:00'), 15, hours)).toEqual(at('2026-12-06', '09:15'));
  });

  it('carries over a weekend, a holiday eve and a holiday', () => {
    expect(addOfficeMinutes(at('2026-12-03', '15:50'), 15, hours)).toEqual(at('2026-12-06', '09:05'));
    expect(addOfficeMinutes(at('2026-03-31', '15:50'), 15, hours)).toEqual(at('2026-04-05', '09:05'));
    // Yom Kippur 2026 is Monday 21.9, its eve Sunday 20.9: Thursday 17.9 15:55 is due on Tuesday 22.9.
    expect(addOfficeMinutes(at('2026-09-17', '15:55'), 15, hours)).toEqual(at('2026-09-22', '09:10'));
  });

  it('agrees with the minutes between, across the DST change', () => {
    const starts = [at('2026-10-22', '15:40'), at('2026-03-26', '15:10'), at('2026-12-03', '12:00')];
    for (const from of starts)
      for (const minutes of [1, 15, 60, 421, 1000]) {
        const due = addOfficeMinutes(from, minutes, hours);
        expect(officeMinutesBetween(from, due, hours)).toBe(minutes);
      }
  });
});

describe('an office that never opens', () => {
  it('gives up after ten years rather than loop', () => {
    const closed = { opens: minutesOfClock('10:00'), closes: minutesOfClock('10:00') };
    expect(() => addOfficeMinutes(at('2026-12-01', '09:00'), 15, closed)).toThrow('no office time found');
    expect(officeMinutesBetween(at('2026-12-01', '09:00'), at('2027-12-01', '09:00'), closed)).toBe(0);
  });
});

describe('next office opening', () => {
  it('is the instant itself while open', () => {
    expect(nextOfficeOpening(at('2026-12-01', '15:59'), hours)).toEqual(at('2026-12-01', '15:59'));
  });
  it('is the next morning at closing time, and Sunday after a Friday or a Saturday night', () => {
    expect(nextOfficeOpening(at('2026-12-01', '16:00'), hours)).toEqual(at('2026-12-02', '09:00'));
    expect(nextOfficeOpening(at('2026-12-04', '13:00'), hours)).toEqual(at('2026-12-06', '09:00'));
    expect(nextOfficeOpening(at('2026-12-05', '21:00'), hours)).toEqual(at('2026-12-06', '09:00'));
  });
  it('follows the agency hours', () => {
    const custom = { opens: minutesOfClock('08:30'), closes: minutesOfClock('18:00') };
    expect(nextOfficeOpening(at('2026-12-01', '08:00'), custom)).toEqual(at('2026-12-01', '08:30'));
    expect(isOfficeOpen(at('2026-12-01', '17:30'), custom)).toBe(true);
  });
});

describe('clock text', () => {
  it('reads and writes HH:MM', () => {
    expect(minutesOfClock('09:05')).toBe(545);
    expect(clockOfMinutes(545)).toBe('09:05');
    expect(clockOfMinutes(960)).toBe('16:00');
  });
});

describe('office time and the agency holiday setting', () => {
  // Independence Day 2026 is a Wednesday (summer time, +03:00).
  const holidayMorning = new Date('2026-04-22T10:00:00+03:00');
  it('runs through a holiday when the agency works through holidays, and skips it otherwise', () => {
    expect(isOfficeOpen(holidayMorning, hours)).toBe(false);
    expect(isOfficeOpen(holidayMorning, { ...hours, excludeHolidays: false })).toBe(true);
    expect(addOfficeMinutes(holidayMorning, 15, { ...hours, excludeHolidays: false })).toEqual(
      new Date('2026-04-22T10:15:00+03:00'),
    );
    expect(addOfficeMinutes(holidayMorning, 15, hours)).toEqual(new Date('2026-04-23T09:15:00+03:00'));
    const toNoon = new Date('2026-04-22T12:00:00+03:00');
    expect(officeMinutesBetween(holidayMorning, toNoon, { ...hours, excludeHolidays: false })).toBe(120);
    expect(officeMinutesBetween(holidayMorning, toNoon, hours)).toBe(0);
  });
});
