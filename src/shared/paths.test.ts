import { describe, expect, it } from 'vitest';
import { canonicalPath, isClientRoute, paths } from './paths';

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

describe('canonicalPath', () => {
  it.each([
    ['/sale', '/Sale'],
    ['/SALE/', '/Sale'],
    ['/propertyview/AbC', '/PropertyView/AbC'],
    ['/dailyindicator', '/DailyIndicator'],
    ['/', '/'],
    ['/Sale', '/Sale'],
  ])('spells %s as %s', (given, canonical) => expect(canonicalPath(given)).toBe(canonical));
  it('has nothing for a path no route matches', () => expect(canonicalPath('/nope')).toBeUndefined());
});
