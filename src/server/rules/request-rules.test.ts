import { describe, expect, it } from 'vitest';
import {
  accessVerdict,
  type MutationOrigin,
  mayMutateFrom,
  PHOTO_FORMATS,
  photoVerdict,
  sessionExpiry,
  sessionVerdict,
} from './request-rules';

describe('accessVerdict', () => {
  it('lets anyone through a public route', () => {
    for (const role of [null, 'agent', 'admin'] as const) expect(accessVerdict('public', role)).toBe('ok');
  });
  it('asks a visitor to sign in (401) on every other route', () => {
    for (const access of ['signedIn', 'selfOrAdmin', 'admin', undefined] as const)
      expect(accessVerdict(access, null)).toBe(401);
  });
  it('lets any signed-in user through signedIn and selfOrAdmin (the service checks whose data)', () => {
    for (const access of ['signedIn', 'selfOrAdmin'] as const) {
      expect(accessVerdict(access, 'agent')).toBe('ok');
      expect(accessVerdict(access, 'admin')).toBe('ok');
    }
  });
  it('keeps admin routes, and routes that declare nothing, for admins (403 for an agent)', () => {
    for (const access of ['admin', undefined] as const) {
      expect(accessVerdict(access, 'agent')).toBe(403);
      expect(accessVerdict(access, 'admin')).toBe('ok');
    }
  });
  it('keeps network routes for admins with network access (403 for a branch manager and an agent)', () => {
    expect(accessVerdict('network', null)).toBe(401);
    expect(accessVerdict('network', 'agent', true)).toBe(403);
    expect(accessVerdict('network', 'admin', false)).toBe(403);
    expect(accessVerdict('network', 'admin')).toBe(403);
    expect(accessVerdict('network', 'admin', true)).toBe('ok');
    expect(accessVerdict('admin', 'admin', false)).toBe('ok');
  });
});

describe('mayMutateFrom', () => {
  const SITE = 'https://agency.example';
  const from = (over: Partial<MutationOrigin>) =>
    mayMutateFrom({
      method: 'POST',
      origin: undefined,
      fetchSite: undefined,
      ownOrigin: 'http://10.0.0.5:3000',
      appOrigin: SITE,
      corsOrigins: new Set(['https://client.example']),
      ...over,
    });

  it('always allows reads, whatever their origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(from({ method, origin: 'https://evil.test', fetchSite: 'cross-site' })).toBe(true);
  });
  it('allows a mutation from the site, the server itself, a listed client, or with no Origin at all', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(from({ method, origin: SITE })).toBe(true);
      expect(from({ method, origin: 'http://10.0.0.5:3000' })).toBe(true);
      expect(from({ method, origin: 'https://client.example', fetchSite: 'cross-site' })).toBe(true);
      expect(from({ method })).toBe(true);
      expect(from({ method, fetchSite: 'same-origin' })).toBe(true);
    }
  });
  it('refuses an origin that only starts or ends like the site', () => {
    for (const origin of [
      `${SITE}.evil.test`,
      `${SITE}evil.test`,
      `${SITE}:8443`,
      `${SITE}/`,
      'https://evil.agency.example',
      'http://agency.example',
      'https://evil.test',
    ])
      expect(from({ origin }), origin).toBe(false);
  });
  it('refuses an origin that only starts like the address the request reached', () => {
    for (const origin of [
      'http://10.0.0.5:30000',
      'http://10.0.0.5:3000.evil.test',
      'http://10.0.0.5:3000/x',
    ])
      expect(from({ origin }), origin).toBe(false);
  });
  it('refuses any cross-site fetch unless its origin is listed, even one claiming the site', () => {
    expect(from({ fetchSite: 'cross-site' })).toBe(false);
    expect(from({ origin: SITE, fetchSite: 'cross-site' })).toBe(false);
    expect(from({ origin: SITE, fetchSite: 'same-site' })).toBe(true);
  });
  it("takes `Origin: null` only as the site's own native form post (Sec-Fetch-Site same-origin)", () => {
    expect(from({ origin: 'null', fetchSite: 'same-origin' })).toBe(true);
    expect(from({ origin: 'null' })).toBe(false);
    expect(from({ origin: 'null', fetchSite: 'same-site' })).toBe(false);
    expect(from({ origin: 'null', fetchSite: 'cross-site' })).toBe(false);
    // A same-origin claim does not make a foreign Origin the site's own.
    expect(from({ origin: 'https://evil.test', fetchSite: 'same-origin' })).toBe(false);
  });
  it('without APP_ORIGIN, knows the site only by the address the request reached', () => {
    expect(from({ appOrigin: undefined, origin: SITE })).toBe(false);
    expect(from({ appOrigin: undefined, origin: 'http://10.0.0.5:3000' })).toBe(true);
  });
  it('without CORS_ORIGINS, takes no other site', () => {
    expect(from({ corsOrigins: new Set(), origin: 'https://client.example' })).toBe(false);
  });
});

describe('sessions', () => {
  const HOUR = 3_600_000;
  const NOW = Date.UTC(2026, 10, 26, 12);
  const limits = { idleHours: 12, touchEveryMs: 60_000 };
  const session = (endsIn: number, idleFor: number) => ({
    expiresAt: new Date(NOW + endsIn),
    lastSeenAt: new Date(NOW - idleFor),
  });

  it('end exactly SESSION_TTL_HOURS after they start', () => {
    expect(sessionExpiry(NOW, 336).getTime()).toBe(NOW + 336 * HOUR);
    expect(sessionExpiry(NOW, 1).getTime()).toBe(NOW + HOUR);
    expect(sessionExpiry(NOW, 0.5).getTime()).toBe(NOW + HOUR / 2);
  });
  it('are over when none is found or their lifetime is reached', () => {
    expect(sessionVerdict(null, NOW, limits)).toBe('none');
    expect(sessionVerdict(session(0, 0), NOW, limits)).toBe('none');
    expect(sessionVerdict(session(-1, 0), NOW, limits)).toBe('none');
    expect(sessionVerdict(session(1, 0), NOW, limits)).toBe('valid');
  });
  it('end after the idle limit and not a moment before', () => {
    expect(sessionVerdict(session(HOUR * 100, 12 * HOUR), NOW, limits)).toBe('touch');
    expect(sessionVerdict(session(HOUR * 100, 12 * HOUR + 1), NOW, limits)).toBe('idle');
    expect(sessionVerdict(session(HOUR * 100, 2 * HOUR + 1), NOW, { ...limits, idleHours: 2 })).toBe('idle');
    expect(sessionVerdict(session(HOUR * 100, 2 * HOUR), NOW, { ...limits, idleHours: 2 })).toBe('touch');
  });
  it('record their activity when it is older than a minute', () => {
    expect(sessionVerdict(session(HOUR, 60_000), NOW, limits)).toBe('valid');
    expect(sessionVerdict(session(HOUR, 60_001), NOW, limits)).toBe('touch');
    expect(sessionVerdict(session(HOUR, 0), NOW, limits)).toBe('valid');
  });
});

describe('photoVerdict', () => {
  const MAX = 50_000_000;
  it('takes exactly the allow-listed formats', () => {
    expect([...PHOTO_FORMATS].sort()).toEqual(['avif', 'gif', 'heif', 'jpeg', 'png', 'webp']);
    for (const format of PHOTO_FORMATS)
      expect(photoVerdict({ format, width: 10, height: 10 }, MAX)).toBe('photo');
  });
  it('refuses any other format the image library reads, and a picture without a format or a size', () => {
    for (const format of ['svg', 'tiff', 'pdf', 'jp2', 'raw', 'magick', 'heic', 'JPEG', ''])
      expect(photoVerdict({ format, width: 10, height: 10 }, MAX), format).toBe('unsupported');
    expect(photoVerdict({ width: 10, height: 10 }, MAX)).toBe('unsupported');
    expect(photoVerdict({ format: 'png', height: 10 }, MAX)).toBe('unsupported');
    expect(photoVerdict({ format: 'png', width: 10 }, MAX)).toBe('unsupported');
    expect(photoVerdict({ format: 'png', width: 0, height: 10 }, MAX)).toBe('unsupported');
  });
  it('refuses a picture of more pixels than the limit, and takes one of exactly the limit', () => {
    expect(photoVerdict({ format: 'png', width: 10_000, height: 5_000 }, MAX)).toBe('photo');
    expect(photoVerdict({ format: 'png', width: 10_000, height: 5_001 }, MAX)).toBe('tooLarge');
    expect(photoVerdict({ format: 'svg', width: 10_000, height: 5_001 }, MAX)).toBe('unsupported');
  });
});
