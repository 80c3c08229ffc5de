import { describe, expect, it } from 'vitest';
import { formatDate, israelDate } from './israel-time';

describe('israel time', () => {
  it('23:30 in Israel on the 31st is still the 31st', () => {
    // 2026-03-31 23:30 Israel (summer time, UTC+3) is 20:30 UTC
    expect(israelDate(new Date('2026-03-31T20:30:00Z'))).toBe('2026-03-31');
    // 00:30 on April 1st in Israel is 21:30 UTC on March 31st
    expect(israelDate(new Date('2026-03-31T21:30:00Z'))).toBe('2026-04-01');
  });
  it('formats day.month.year', () => {
    expect(formatDate('2026-03-05')).toBe('5.3.2026');
  });
  it('formats a stored timestamp by its date, and an instant by its date in Israel', () => {
    expect(formatDate('2026-03-05T22:15:00.000Z')).toBe('5.3.2026');
    expect(formatDate(new Date('2026-03-05T22:15:00.000Z'))).toBe('6.3.2026');
  });
});
