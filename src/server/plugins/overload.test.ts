import { beforeAll, describe, expect, it } from 'vitest';
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

describe('a bounded queue in front of the database', () => {
  it('answers 503 with Retry-After at once past the limit, and admits again when requests finish', async () => {
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held = [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/v1/test/held' }));
    await expect.poll(() => arrived).toBe(3);

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
});
