import { describe, expect, it } from 'vitest';
import { isPlausibleDate, isPlausibleYear, isRealDate, isRealDateOrInstant, latestDate } from './dates';

describe('dates', () => {
  it('a real date exists on the calendar', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-1', ''])
      expect(isRealDate(bad), bad).toBe(false);
  });
  it('an instant has a real day and a real time of day', () => {
    for (const good of [
      '2026-03-10',
      '2026-03-10T09:00:00.000Z',
      '2026-03-10 09:00',
      '2026-03-10T23:59:59+03:00',
    ])
      expect(isRealDateOrInstant(good), good).toBe(true);
    for (const bad of [
      '2026-02-30T09:00:00Z',
      '2026-03-10T24:00:00Z',
      '2026-03-10T09:60',
      '2026-03-10T09:00:00+25:00',
      'tomorrow',
    ])
      expect(isRealDateOrInstant(bad), bad).toBe(false);
  });
  it('plausible dates run from 2000 to one year after today', () => {
    const today = '2026-11-23';
    expect(latestDate(today)).toBe('2027-11-23');
    expect(isPlausibleDate('2000-01-01', today)).toBe(true);
    expect(isPlausibleDate('2027-11-23', today)).toBe(true);
    expect(isPlausibleDate('1999-12-31', today)).toBe(false);
    expect(isPlausibleDate('2027-11-24', today)).toBe(false);
    expect(isPlausibleDate('0000-01-01', today)).toBe(false);
    expect(isPlausibleYear(2027, today)).toBe(true);
    expect(isPlausibleYear(2028, today)).toBe(false);
    expect(isPlausibleYear(1999, today)).toBe(false);
  });
});

describe('the edges of the date rules', () => {
  it('a date is the whole value, with nothing before or after it', () => {
    expect(isRealDate('x2026-03-10')).toBe(false);
    expect(isRealDate('2026-03-10x')).toBe(false);
    expect(isRealDate('12026-03-10')).toBe(false);
  });

  it('an instant has real seconds and a real zone offset', () => {
    expect(isRealDateOrInstant('2026-03-10T09:00:59Z')).toBe(true);
    expect(isRealDateOrInstant('2026-03-10T09:00:60Z')).toBe(false);
    expect(isRealDateOrInstant('2026-03-10T09:00')).toBe(true);
    expect(isRealDateOrInstant('2026-03-10T09:00:00+14:00')).toBe(true);
    expect(isRealDateOrInstant('2026-03-10T09:00:00+15:00')).toBe(false);
    expect(isRealDateOrInstant('2026-03-10T09:00:00+02:59')).toBe(true);
    expect(isRealDateOrInstant('2026-03-10T09:00:00+02:60')).toBe(false);
  });

  it('the year 2000 itself is plausible, 1999 is not', () => {
    expect(isPlausibleYear(2000, '2026-11-25')).toBe(true);
    expect(isPlausibleYear(1999, '2026-11-25')).toBe(false);
  });
});
