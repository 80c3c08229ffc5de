import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
// A second of busy work, so that a busy machine pausing the process cannot pass for it.

beforeAll(async () => {
  app = await createTestApp({ maxEventLoopDelayMs: 1_000, maxPendingRequests: 0 });
});

/** Keeps the event loop busy without a break, as a burst of requests on the embedded database does. */
function blockLoop(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy on purpose
  }
}

const inject = (url: string) => app.inject({ method: 'GET', url });

describe('requests read late in a busy turn of the event loop', () => {
  it('are answered at once with 503 and Retry-After, except the health check', async () => {
    // The requests are read in the same turn of the loop as the busy work before them.
    blockLoop(1_200);
    const [refused, health] = await Promise.all([inject('/api/v1/settings'), inject('/api/health')]);

    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      status: 'error',
      code: 'UNAVAILABLE',
      message: 'השרת עמוס כרגע, נסה שוב בעוד רגע',
    });
    expect(health.statusCode).toBe(200);
  });

  it('are served again once the loop has come round to its timers', async () => {
    blockLoop(1_200);
    expect((await inject('/api/v1/settings')).statusCode).toBe(503);
    // Requests read once the loop has turned and run its timers are served.
    await expect.poll(async () => (await inject('/api/v1/settings')).statusCode).toBe(200);
  });
});
