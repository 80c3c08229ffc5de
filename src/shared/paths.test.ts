import { describe, expect, it } from 'vitest';
import { isClientRoute, paths } from './paths';

describe('isClientRoute', () => {
  it.each(['/', '/Login', '/login', '/PropertyView/abc', '/DailyIndicator', '/DailyIndicator/x', '/Sale/'])(
    'matches %s',
    (p) => expect(isClientRoute(p)).toBe(true),
  );
  it.each(['/api/v1/users', '/PropertyView', '/PropertyView/a/b', '/nope'])('does not match %s', (p) =>
    expect(isClientRoute(p)).toBe(false),
  );
  it('builds hrefs', () => {
    expect(paths.aboutAgent('a b')).toBe('/AboutAgent/a%20b');
    expect(paths.dailyIndicator()).toBe('/DailyIndicator');
  });
});
