import { describe, expect, it } from 'vitest';
import { formatDate, israelDate } from './israel-time';

describe('israel time', () => {
  it('23:30 in Israel on the 31st is still the 31st', () => {
    // 2026-03-31 23:30 Israel (summer time, UTC+3) is 20:30 UTC
    expect(israelDate(new Date('2026-03-31T20:30:00Z'))).toBe('2026-03-31');
    // 00:30 on April 1st in Israel is 21:30 UTC on March 31st
    expect(israelDate(new Date('2026-03-31T21:30:00Z'))).toBe('2026-04-01');
  });
  it('reads the same date as the time zone itself, minute by minute around midnight and both clock changes', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Around midnight in winter, the spring change (27.3.2026, 2:00) and the autumn one (25.10.2026, 2:00).
    for (const start of ['2026-01-14T21:00:00Z', '2026-03-26T20:00:00Z', '2026-10-24T20:00:00Z']) {
      for (let minute = 0; minute < 8 * 60; minute += 1) {
        const instant = new Date(Date.parse(start) + minute * 60_000);
        // Twice: the first read and the one kept for its hour.
        expect(israelDate(instant)).toBe(zone.format(instant));
        expect(israelDate(instant)).toBe(zone.format(instant));
      }
    }
  });

  it('formats day.month.year', () => {
    expect(formatDate('2026-03-05')).toBe('5.3.2026');
  });
  it('formats a stored timestamp by its date, and an instant by its date in Israel', () => {
    expect(formatDate('2026-03-05T22:15:00.000Z')).toBe('5.3.2026');
    expect(formatDate(new Date('2026-03-05T22:15:00.000Z'))).toBe('6.3.2026');
  });
});
