import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, signIn, type TestApp } from '../test/test-app';
import { SHARED_CACHE } from './etag';

let app: TestApp;
let agent: string;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  agent = await signIn(app, (await createUser(app.db)).email, TEST_PASSWORD);
  admin = await signIn(app, (await createUser(app.db, { role: 'admin' })).email, TEST_PASSWORD);
});

describe('personal answers are never kept by a shared cache', () => {
  it.each([
    ['GET', '/api/v1/users/me'],
    ['GET', '/api/v1/users/session'],
    ['GET', '/api/v1/users'],
    ['GET', '/api/v1/push/preferences'],
  ])('%s %s with a session: private', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url, headers: { cookie: agent } });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.headers['cache-control']).toMatch(/^(private, no-cache|(private, )?no-store)$/);
  });

  it('an admin’s list of users (e-mails in it) is private, a visitor’s public read is not', async () => {
    const listed = await app.inject({
      url: '/api/v1/users?includeInactive=true',
      headers: { cookie: admin },
    });
    expect(listed.headers['cache-control']).toBe('private, no-cache');
    const visitor = await app.inject({ url: '/api/v1/property/locations/cities' });
    expect(visitor.headers['cache-control']).toBe(SHARED_CACHE);
  });

  it('a refused personal read (no session) is private too', async () => {
    const res = await app.inject({ url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('uploads', () => {
  it.each(['/api/v1/users/image', '/api/v1/property/{id}/images', '/api/v1/settings/media/introVideo'])(
    'a text/plain body to %s answers 415',
    async (path) => {
      const url = path.replace('{id}', (await createProperty(app.db)).id);
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: admin, 'content-type': 'text/plain' },
        payload: 'not a photo',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/[א-ת]/);
    },
  );
});
