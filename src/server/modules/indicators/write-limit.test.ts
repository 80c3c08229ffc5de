import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { INDICATOR_WRITES_PER_USER } from './routes';

let app: TestApp;
let flooder: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { indicatorWritesPerUser: { max: 3, windowMs: 60_000 } } });
  for (const name of ['flooder', 'other'] as const) {
    const user = await createUser(app.db);
    const entry = { id: user.id, cookie: await signIn(app, user.email, TEST_PASSWORD) };
    if (name === 'flooder') flooder = entry;
    else other = entry;
  }
});

const write = (who: { cookie: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/indicators',
    payload: { meetings: 1 },
    headers: { cookie: who.cookie },
  });

describe('indicator writes per user', () => {
  it('refuses writes past the limit with 429, for that account only; reads are never counted', async () => {
    for (let i = 0; i < 3; i++) expect((await write(flooder)).statusCode).toBe(201);
    const refused = await write(flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/[א-ת]/);
    expect((await write(other)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const read = await app.inject({
        method: 'POST',
        url: '/api/v1/indicators/getIndicatorsByAgent',
        payload: { id: flooder.id },
        headers: { cookie: flooder.cookie },
      });
      expect(read.statusCode).toBe(200);
    }
  });

  it('allows a generous human pace by default: an edit-all of a whole month and more', () => {
    // A month has at most 23 working days: a full edit-all, a phone's offline queue and retries fit many times.
    expect(
      INDICATOR_WRITES_PER_USER.max / (INDICATOR_WRITES_PER_USER.windowMs / 60_000),
    ).toBeGreaterThanOrEqual(20);
  });
});
