import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { properties } from '../db/schema';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
let arrived = 0;
let open: () => void = () => {};
let gate = Promise.resolve();

beforeAll(async () => {
  app = await createTestApp({ maxPendingRequests: 3 });
  // A route that holds its request until the test opens the gate: requests in progress, without timers.
  app.get('/api/v1/test/held', { config: { access: 'public' } }, async () => {
    arrived += 1;
    await gate;
    return { ok: true };
  });
});

const holdThree = async () => {
  gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  arrived = 0;
  const held = [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/v1/test/held' }));
  await expect.poll(() => arrived).toBe(3);
  return held;
};

afterEach(() => vi.restoreAllMocks());

describe('a bounded queue in front of the database', () => {
  it('answers 503 with Retry-After at once past the limit, and admits again when requests finish', async () => {
    const held = await holdThree();

    const refused = await app.inject({ method: 'GET', url: '/api/v1/properties' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      status: 'error',
      code: 'UNAVAILABLE',
      message: 'השרת עמוס כרגע, נסה שוב בעוד רגע',
    });
    // The health check is not queued behind the database's work.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    open();
    for (const response of await Promise.all(held)) expect(response.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(200);
  });

  it('counts refused and failed requests out again: the limit does not leak', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-route' })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/email/send-mail', payload: {} })).statusCode,
      ).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(200);
  });

  it('a write refused with 503 before its handler leaves the read caches in place', async () => {
    // Time stands still, so the cached answer cannot expire by its TTL on a slow machine.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const admin = await sessionCookieFor(app.db, (await createUser(app.db, { role: 'admin' })).id);
    const { id } = await createProperty(app.db, { price: 1_000_000 });
    const priceOf = async () =>
      (await app.inject({ url: `/api/v1/property/${id}` })).json().data.data.price as number;
    expect(await priceOf()).toBe(1_000_000);
    await app.db.update(properties).set({ price: 2_000_000 }).where(eq(properties.id, id));

    const held = await holdThree();
    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${id}`,
      payload: { price: 1_500_000 },
      headers: { cookie: admin },
    });
    expect(refused.statusCode).toBe(503);
    open();
    await Promise.all(held);
    expect(await priceOf()).toBe(1_000_000);
  });
});
