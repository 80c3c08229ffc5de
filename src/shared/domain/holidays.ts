import { flags, HebrewCalendar } from '@hebcal/core';
import { addDays } from './israel-calendar';

const cache = new Map<number, ReadonlySet<string>>();

/**
 * Dates (YYYY-MM-DD) of a Gregorian year on which an Israeli office closes for a holiday: every yom tov of
 * the Israeli calendar (Rosh Hashana, Yom Kippur, Sukkot, Shmini Atzeret, Pesach I and VII, Shavuot),
 * the eve of each of them, and Independence Day. Computed by @hebcal/core, not a hand-kept table.
 */
export function officeHolidays(year: number): ReadonlySet<string> {
  const cached = cache.get(year);
  if (cached) return cached;
  const events = HebrewCalendar.calendar({
    start: new Date(Date.UTC(year - 1, 11, 20)),
    end: new Date(Date.UTC(year + 1, 0, 10)),
    il: true,
    noMinorFast: true,
    noSpecialShabbat: true,
    noRoshChodesh: true,
  });
  const dates = new Set<string>();
  for (const event of events) {
    const iso = isoOf(event.getDate().greg());
    const isChag = (event.getFlags() & flags.CHAG) !== 0;
    const isIndependenceDay = event.getDesc() === "Yom HaAtzma'ut";
    if (isChag) {
      dates.add(iso);
      dates.add(addDays(iso, -1));
    }
    if (isIndependenceDay) dates.add(iso);
  }
  const inYear = new Set([...dates].filter((d) => d.startsWith(`${year}-`)));
  cache.set(year, inYear);
  return inYear;
}

// Hebcal returns local-midnight Date objects; read the calendar fields, not the UTC instant.
const isoOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
