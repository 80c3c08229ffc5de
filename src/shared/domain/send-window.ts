import { flags, HebrewCalendar, Location, Zmanim } from '@hebcal/core';
import { addDays, israelMinuteOfDay, israelWallTime, weekdayOf } from './israel-calendar';
import { israelDate } from './israel-time';

/**
 * When a message may leave: the one rule behind every queue that sends (mail reminders and escalations,
 * Web Push, buyers' alerts). Times are Israel wall-clock minutes after midnight.
 * - `restHold`: nothing from the eve of Shabbat or of a holiday at `eveFrom` (Friday 14:00) until nightfall
 *   (tzeit, 8.5° below the horizon in Tel Aviv) at the end of the rest day; consecutive rest days (a holiday
 *   next to Shabbat, the two days of Rosh Hashana) make one hold.
 * - `quietHours`: nothing from `from` until `to` the next morning (for example 21:00 to 08:00).
 */
export type SendRules = {
  restHold: boolean;
  quietHours?: { from: number; to: number };
};

export const EVE_HOLD_FROM = 14 * 60;

/** Personal notifications (push to an agent's phone): quiet nights, Shabbat and holidays. */
export const PERSONAL_SEND_RULES: SendRules = { restHold: true, quietHours: { from: 21 * 60, to: 8 * 60 } };
/** Advertising mail (buyers' alerts): never on Shabbat or a holiday. */
export const MARKETING_SEND_RULES: SendRules = { restHold: true };

const restDateCache = new Map<number, ReadonlySet<string>>();

/**
 * Dates (YYYY-MM-DD) of a Gregorian year that are rest days beside Saturdays: every yom tov of the Israeli
 * calendar (Yom Kippur included) and Independence Day. Their eves are not rest days, they are held from 14:00.
 */
export function holidayRestDates(year: number): ReadonlySet<string> {
  const cached = restDateCache.get(year);
  if (cached) return cached;
  const events = HebrewCalendar.calendar({
    start: new Date(year, 0, 1),
    end: new Date(year, 11, 31),
    il: true,
    noMinorFast: true,
    noSpecialShabbat: true,
    noRoshChodesh: true,
  });
  const dates = new Set<string>();
  for (const event of events) {
    if ((event.getFlags() & flags.CHAG) !== 0 || event.getDesc() === "Yom HaAtzma'ut") {
      const d = event.getDate().greg();
      dates.add(
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`,
      );
    }
  }
  restDateCache.set(year, dates);
  return dates;
}

/** Shabbat or a holiday (the whole calendar day in Israel). */
export function isRestDate(isoDate: string): boolean {
  return weekdayOf(isoDate) === 6 || holidayRestDates(Number(isoDate.slice(0, 4))).has(isoDate);
}

const telAviv = Location.lookup('Tel Aviv')!;

/** Nightfall in Israel on a calendar date: when Shabbat or a holiday ends. */
export function nightfall(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // Hebcal reads the calendar fields of a local date.
  return new Zmanim(telAviv, new Date(y, m - 1, d), false).tzeit(8.5);
}

/** The end of the rest run that a held instant on `isoDate` belongs to: nightfall of its last rest day. */
function endOfRestRun(firstRestDate: string): Date {
  let last = firstRestDate;
  while (isRestDate(addDays(last, 1))) last = addDays(last, 1);
  return nightfall(last);
}

/** When the Shabbat/holiday hold that covers `at` ends, or null when `at` is not held. */
export function restHoldEnd(at: Date): Date | null {
  const today = israelDate(at);
  if (isRestDate(today)) {
    const end = endOfRestRun(today);
    // After nightfall of a rest day whose next day is not a rest day, the hold is over.
    if (at < end) return end;
    return null;
  }
  const tomorrow = addDays(today, 1);
  if (isRestDate(tomorrow) && israelMinuteOfDay(at) >= EVE_HOLD_FROM) return endOfRestRun(tomorrow);
  return null;
}

/** When the quiet hours that cover `at` end, or null when `at` is outside them. */
export function quietHoursEnd(at: Date, quiet: { from: number; to: number }): Date | null {
  const minute = israelMinuteOfDay(at);
  const today = israelDate(at);
  if (quiet.from > quiet.to) {
    if (minute >= quiet.from) return israelWallTime(addDays(today, 1), quiet.to);
    if (minute < quiet.to) return israelWallTime(today, quiet.to);
    return null;
  }
  return minute >= quiet.from && minute < quiet.to ? israelWallTime(today, quiet.to) : null;
}

/** The first instant at or after `at` when the rules let a message leave. */
export function nextSendTime(at: Date, rules: SendRules): Date {
  let candidate = at;
  // Each step moves forward to the end of one hold; a handful of steps settles any real calendar.
  for (let step = 0; step < 32; step += 1) {
    const held =
      (rules.restHold ? restHoldEnd(candidate) : null) ??
      (rules.quietHours ? quietHoursEnd(candidate, rules.quietHours) : null);
    if (!held) return candidate;
    candidate = held;
  }
  throw new Error('no sending time found');
}

export const maySendAt = (at: Date, rules: SendRules) => nextSendTime(at, rules).getTime() === at.getTime();
