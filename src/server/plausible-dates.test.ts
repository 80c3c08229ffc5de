import { DATE_RANGE_MESSAGE } from '@shared/domain/dates';
import { israelDate } from '@shared/domain/israel-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { goals, indicators, reportContacts, reportShares } from './db/schema';
import { DEFAULT_SETTINGS } from './modules/settings';
import { createProperty, createUser, TEST_PASSWORD } from './test/factories';
import { createTestApp, signIn, type TestApp } from './test/test-app';

let app: TestApp;
let admin: string;
let agentId: string;
const address = 'הרצל 12';
const rows = async () => ({
  indicators: (await app.db.select().from(indicators)).length,
  goals: (await app.db.select().from(goals)).length,
  reports: (await app.db.select().from(reportContacts)).length,
  shares: (await app.db.select().from(reportShares)).length,
});

beforeAll(async () => {
  app = await createTestApp();
  const user = await createUser(app.db, { role: 'admin' });
  admin = await signIn(app, user.email, TEST_PASSWORD);
  const agent = await createUser(app.db);
  agentId = agent.id;
  await createProperty(app.db, { agentId, address, exclusive: true });
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin } });

/** Each request is refused with 400 naming the field, and stores nothing. */
async function refuses(method: 'POST' | 'PATCH', url: string, payload: object, field: string) {
  const before = await rows();
  const res = await send(method, url, payload);
  expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
  expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  expect(await rows()).toEqual(before);
  return res.json().fieldErrors[field] as string;
}

describe('impossible dates answer 400 everywhere', () => {
  it('a daily status on 30 February is refused, not stored on 2 March', async () => {
    for (const createdAt of ['2026-02-30', '2026-02-30T09:00:00Z', '2026-04-31', '2026-01-01T25:00:00Z'])
      await refuses('POST', '/api/v1/indicators', { agent: [agentId], meetings: 1, createdAt }, 'createdAt');
    const ok = await send('POST', '/api/v1/indicators', {
      agent: [agentId],
      meetings: 1,
      createdAt: '2024-02-29',
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.indicator._id;
    await refuses('PATCH', `/api/v1/indicators/${id}`, { createdAt: '2026-02-31' }, 'createdAt');
  });

  it('a contact report, a seller link, the accessibility check date and a goal refuse 30 February', async () => {
    const report = { clientName: 'לקוח', exclusiveProperty: address, agent: agentId };
    await refuses('POST', '/api/v1/reportContact', { ...report, statusDate: '2026-02-30' }, 'statusDate');
    const share = { agentId, address, from: '2026-02-30', to: israelDate() };
    await refuses('POST', '/api/v1/reportContact/shares', share, 'from');
    const accessibility = { ...DEFAULT_SETTINGS.accessibility, lastChecked: '2026-02-30' };
    await refuses('PATCH', '/api/v1/settings', { accessibility }, 'accessibility.lastChecked');
    const goal = { agent: [agentId], deals: 1, year: 2026, month: 3, createdAt: '2026-02-30T10:00:00Z' };
    await refuses('POST', '/api/v1/goals', goal, 'createdAt');
  });

  it('a monthly report for month 0000-01 (or 2026-13) is refused', async () => {
    for (const month of ['0000-01', '2026-13', '1999-12'])
      await refuses('POST', '/api/v1/reportContact/monthlyReport', { agentId, month }, 'month');
  });
});

describe('dates fall between 2000 and one year ahead', () => {
  it('refuses a year typed wrong (0202, 2206) with the range message', async () => {
    const report = { clientName: 'לקוח', exclusiveProperty: address, agent: agentId };
    const message = await refuses(
      'POST',
      '/api/v1/reportContact',
      { ...report, statusDate: '0202-01-05' },
      'statusDate',
    );
    expect(message).toBe(DATE_RANGE_MESSAGE);
    await refuses('POST', '/api/v1/indicators', { agent: [agentId], createdAt: '1999-12-31' }, 'createdAt');
    const accessibility = { ...DEFAULT_SETTINGS.accessibility, lastChecked: '2206-01-01' };
    await refuses('PATCH', '/api/v1/settings', { accessibility }, 'accessibility.lastChecked');
    const goal = { agent: [agentId], deals: 1, year: 2206, month: 3 };
    await refuses('POST', '/api/v1/goals', goal, 'year');
    const filter = await app.inject({
      url: `/api/v1/indicators/filterByDate?agent=${agentId}&year=1999&month=1`,
      headers: { cookie: admin },
    });
    expect(filter.statusCode).toBe(400);
  });

  it('accepts next year for a goal and the first of 2000 for a report', async () => {
    const year = Number(israelDate().slice(0, 4)) + 1;
    expect(
      (await send('POST', '/api/v1/goals', { agent: [agentId], deals: 1, year, month: 1 })).statusCode,
    ).toBe(201);
    const report = {
      clientName: 'לקוח',
      exclusiveProperty: address,
      agent: agentId,
      statusDate: '2000-01-01',
    };
    expect((await send('POST', '/api/v1/reportContact', report)).statusCode).toBe(201);
  });
});
