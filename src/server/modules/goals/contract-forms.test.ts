import { israelYearMonth } from '@shared/domain/israel-calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The calls of SPEC section 7 in the shapes the original client sends them.
let app: TestApp;
let admin: string;
let agent: string;
let agentId = '';

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin' });
  const x = await createUser(app.db);
  agentId = x.id;
  admin = await signIn(app, a.email, TEST_PASSWORD);
  agent = await signIn(app, x.email, TEST_PASSWORD);
});

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie }, payload });

describe('indicator reads with { id: { agent } }', () => {
  it.each([
    '/indicators/getIndicatorsByAgent',
    '/indicators/summary/weekly',
    '/indicators/summary/monthly',
    '/indicators/summary/all',
  ])('%s accepts the id containing the agent, as an id or an array, besides { id }', async (url) => {
    for (const id of [{ agent: agentId }, { agent: [agentId] }, agentId, [agentId]]) {
      expect((await post(url, agent, { id })).statusCode).toBe(200);
    }
    expect((await post(url, agent, { id: { agent: 'not-an-id' } })).statusCode).toBe(400);
    const other = (await createUser(app.db)).id;
    expect((await post(url, agent, { id: { agent: other } })).statusCode).toBe(403);
  });
});

describe('POST /goals without year or month', () => {
  it('takes the current year and month in Israel', async () => {
    const res = await post('/goals', admin, { agent: [agentId], meetings: 3 });
    expect(res.statusCode).toBe(201);
    const now = israelYearMonth();
    expect(res.json().data.goal).toMatchObject({ year: now.year, month: now.month, meetings: 3 });
    const onlyMonth = await post('/goals', admin, { agent: [agentId], month: 1, deals: 2 });
    expect(onlyMonth.json().data.goal).toMatchObject({ year: now.year, month: 1, deals: 2 });
  });
});

describe('the lead category', () => {
  it("stores the original form's 'משכיר' as rental and answers an empty one in Hebrew", async () => {
    const send = (category: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/email/send-mail',
        payload: { name: 'רות', phone: '050-1234567', category },
      });
    const res = await send('משכיר');
    expect(res.statusCode).toBeLessThan(300);
    const empty = await send('');
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('יש לבחור קטגוריה');
  });
});
