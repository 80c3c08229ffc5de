import { describe, expect, it } from 'vitest';
import {
  addDays,
  israelInstant,
  israelLast7Days,
  israelMidnight,
  israelMonthRange,
  israelYearMonth,
} from './israel-calendar';

describe('Israel calendar boundaries', () => {
  it('finds midnight in winter (+2) and summer (+3)', () => {
    expect(israelMidnight('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(israelMidnight('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });
  it('handles the DST switch days', () => {
    // Israel moves to summer time on Friday 27.3.2026 and back on Sunday 25.10.2026.
    expect(israelMidnight('2026-03-27').toISOString()).toBe('2026-03-26T22:00:00.000Z');
    expect(israelMidnight('2026-03-28').toISOString()).toBe('2026-03-27T21:00:00.000Z');
    expect(israelMidnight('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });
  it('puts 23:30 Israel time on the 31st in that month, though it is the next day nowhere else', () => {
    const lateOnThe31st = new Date('2026-10-31T21:30:00Z'); // 23:30 in Israel (+2)
    expect(israelYearMonth(lateOnThe31st)).toEqual({ year: 2026, month: 10 });
    const october = israelMonthRange(2026, 10);
    expect(lateOnThe31st >= october.from && lateOnThe31st < october.to).toBe(true);
    const justAfter = new Date('2026-10-31T22:00:00Z'); // 00:00 on 1.11 in Israel
    expect(justAfter < october.to).toBe(false);
    expect(israelYearMonth(justAfter)).toEqual({ year: 2026, month: 11 });
  });
  it('takes December into the next year', () => {
    const dec = israelMonthRange(2026, 12);
    expect(dec.to.toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
  it('has the last 7 days end at tomorrow midnight in Israel', () => {
    const range = israelLast7Days(new Date('2026-11-21T10:00:00Z'));
    expect(range.from.toISOString()).toBe('2026-11-14T22:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-11-21T22:00:00.000Z');
  });
  it('adds days over month ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('an instant as a form sends it', () => {
  it('reads Israel wall-clock time without a zone, and a zone as written', () => {
    expect(israelInstant('2026-12-01T10:30')?.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(israelInstant('2026-07-01T10:30:00+03:00')?.toISOString()).toBe('2026-07-01T07:30:00.000Z');
  });

  it('is null for what is no instant, or a year no one means (the database refuses year 0)', () => {
    expect(israelInstant('יום שלישי')).toBeNull();
    expect(israelInstant('0000-01')).toBeNull();
    expect(israelInstant('0000-01-01T00:00:00Z')).toBeNull();
    expect(israelInstant('9999-12-31T10:00')).toBeNull();
  });
});
