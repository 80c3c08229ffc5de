import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../schemas/alerts';
import { plural } from './plural';

describe('plural', () => {
  const users = { one: 'משתמש אחד', other: '{n} משתמשים' };
  it('picks the Hebrew form by Intl.PluralRules', () => {
    expect(plural(1, users)).toBe('משתמש אחד');
    expect(plural(2, users)).toBe('2 משתמשים');
    expect(plural(1_500, users)).toBe('1,500 משתמשים');
    expect(plural(2, { one: 'יום אחד', two: 'יומיים', other: '{n} ימים' })).toBe('יומיים');
  });

  it('reads the shared messages right in the singular', () => {
    expect(ALERT_MESSAGES.tooManySearches(1)).toBe('אפשר לשמור עד חיפוש אחד');
    expect(ALERT_MESSAGES.tooManySearches(10)).toBe('אפשר לשמור עד 10 חיפושים');
  });
});
