import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { properties } from '../db/schema';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
let admin: string;
let agent: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await sessionCookieFor(app.db, (await createUser(app.db, { role: 'admin' })).id);
  agent = await sessionCookieFor(app.db, (await createUser(app.db, { role: 'agent' })).id);
});

// Time stands still, so a cached entry cannot expire by its TTL on a slow machine: only a write can drop it.
afterEach(() => vi.restoreAllMocks());
const freezeTime = () => vi.spyOn(Date, 'now').mockReturnValue(Date.now());

const priceOf = async (id: string) =>
  (await app.inject({ url: `/api/v1/property/${id}` })).json().data.data.price as number;

/** Changes the price behind the API's back: the API shows it only once its cache is dropped. */
const setPriceInDatabase = (id: string, price: number) =>
  app.db.update(properties).set({ price }).where(eq(properties.id, id));

describe('read caches', () => {
  it('survive everything a visitor or a refused request sends', async () => {
    freezeTime();
    const { id } = await createProperty(app.db, { price: 1_000_000 });
    expect(await priceOf(id)).toBe(1_000_000);
    await setPriceInDatabase(id, 2_000_000);

    const attempts = [
      { method: 'POST', url: '/api/v1/property', payload: {} }, // 401 before validation
      { method: 'PATCH', url: `/api/v1/property/${id}`, payload: { price: 5 } }, // 401
      { method: 'PATCH', url: `/api/v1/property/${id}`, payload: { price: 5 }, headers: { cookie: agent } }, // 403
      { method: 'PATCH', url: `/api/v1/property/${id}`, payload: { price: -1 }, headers: { cookie: admin } }, // 400
      { method: 'POST', url: '/api/v1/email/send-mail', payload: { name: '', phone: 'x' } }, // 400
      {
        method: 'POST',
        url: '/api/v1/email/send-mail',
        payload: { name: 'ישראל ישראלי', phone: '050-123-4567', category: 'מוכר' },
      }, // 201, a lead: nothing a cache holds
      { method: 'POST', url: '/api/v1/users/login', payload: { email: 'no@example.com', password: 'wrong' } },
      { method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: 'no@example.com' } },
      { method: 'POST', url: '/api/v1/users/logout' }, // a visitor has no session to end
      { method: 'POST', url: '/api/v1/users/logout', headers: { cookie: 'sid=made-up' } },
    ] as const;
    const statuses = [];
    for (const attempt of attempts) statuses.push((await app.inject(attempt)).statusCode);
    expect(statuses).toEqual([401, 401, 403, 400, 400, 201, 401, 200, 200, 200]);
    expect(await priceOf(id)).toBe(1_000_000);

    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${id}`,
      payload: { price: 1_500_000 },
      headers: { cookie: admin },
    });
    expect(saved.statusCode).toBe(200);
    expect(await priceOf(id)).toBe(1_500_000);
  });

  it('drop a session at sign-out, and a write request never uses a cached session', async () => {
    freezeTime();
    const user = await createUser(app.db, { role: 'agent' });
    const cookie = await sessionCookieFor(app.db, user.id);
    const me = () => app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);

    const other = await sessionCookieFor(app.db, (await createUser(app.db, { role: 'admin' })).id);
    const meOther = await app.inject({ url: '/api/v1/users/me', headers: { cookie: other } });
    expect(meOther.statusCode).toBe(200); // the session is now cached
    await app.db.delete((await import('../db/schema')).sessions);
    const write = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: {},
      headers: { cookie: other },
    });
    expect(write.statusCode).toBe(401);
  });
});
