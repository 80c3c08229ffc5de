import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 41: without TRUST_PROXY, X-Forwarded-For is a header any client writes; the public forms' limit counts
// the socket's address, so rotating the header buys nothing. With a trusted proxy, its entry is the client's.

const lead = (i: number) => ({ name: `פונה ${i}`, phone: '050-123-4567', category: 'מוכר' });

describe('the public forms’ limit and X-Forwarded-For', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: false } });
  });

  it('limits 12 leads from one socket address whatever X-Forwarded-For says (10 per 15 minutes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/email/send-mail',
        payload: lead(i),
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 1 } });
  });

  it('counts each client the proxy names on its own', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/email/send-mail',
        payload: lead(i),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
