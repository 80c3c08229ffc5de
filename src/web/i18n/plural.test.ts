import { describe, expect, it } from 'vitest';
import { plural } from './plural';
import { reports } from './reports';

describe('plural', () => {
  const users = { one: 'משתמש אחד', other: '{n} משתמשים' };
  it('picks the Hebrew form by Intl.PluralRules', () => {
    expect(plural(1, users)).toBe('משתמש אחד');
    expect(plural(2, users)).toBe('2 משתמשים');
    expect(plural(1_500, users)).toBe('1,500 משתמשים');
    expect(plural(2, { one: 'יום אחד', two: 'יומיים', other: '{n} ימים' })).toBe('יומיים');
  });

  it('shows a report count above the expected as such', () => {
    expect(reports.countOf(1, 4)).toBe('1 מתוך 4 דוחות');
    expect(reports.countOf(4, 4)).toBe('4 מתוך 4 דוחות');
    expect(reports.countOf(7, 4)).toBe('7 דוחות, 4 נדרשים');
  });
});
