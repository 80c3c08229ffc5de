import { randomUUID } from 'node:crypto';
import { addDays, israelWallTime } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indicators } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// An activity counts when it happened, as the device dated it: logged offline before midnight and synced
// after, its indicator lands on the day it was logged (docs/leads.md, Offline).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

let phones = 0;
async function agentWithLead() {
  const user = await createUser(app.db);
  const cookie = await sessionCookieFor(app.db, user.id);
  phones += 1;
  const phone = `0504${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(3, '0')}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/pipeline/leads',
    headers: { cookie },
    payload: { name: 'ליד מהשטח', phone, category: 'קונה' },
  });
  expect(res.statusCode).toBe(201);
  return { user, cookie, leadId: res.json().data.lead._id as string };
}

const sync = (cookie: string, leadId: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/leads/${leadId}/activities`,
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload,
  });

describe('an activity dated on the device', () => {
  it('logged at 23:50 and synced the next day counts on the day it was logged', async () => {
    const { user, cookie, leadId } = await agentWithLead();
    const yesterday = addDays(israelDate(), -1);
    const loggedAt = israelWallTime(yesterday, 23 * 60 + 50);
    const res = await sync(cookie, leadId, { kind: 'meeting', occurredAt: loggedAt.toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    const activity = res.json().data.activity;
    expect(activity.occurredAt).toBe(loggedAt.toISOString());
    const [row] = await app.db.select().from(indicators).where(eq(indicators.id, activity.indicatorId));
    expect(row!.createdAt.toISOString()).toBe(loggedAt.toISOString());

    // The agent's month, as the daily entry page reads it, has the meeting on the day it was logged.
    const [year, month] = yesterday.split('-').map(Number);
    const list = await app.inject({
      url: `/api/v1/indicators/filterByDate?agent=${user.id}&year=${year}&month=${month}&last7DaysOnly=false`,
      headers: { cookie },
    });
    const days = list
      .json()
      .data.indicators.filter((i: { meetings: number }) => i.meetings === 1)
      .map((i: { createdAt: string }) => israelDate(new Date(i.createdAt)));
    expect(days).toEqual([yesterday]);
  });

  it('is accepted up to 30 days back and refused further back or ahead, with the message on the field', async () => {
    const { cookie, leadId } = await agentWithLead();
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    expect((await sync(cookie, leadId, { kind: 'call', occurredAt: daysAgo(29) })).statusCode).toBe(201);
    const old = await sync(cookie, leadId, { kind: 'call', occurredAt: daysAgo(31) });
    expect(old.statusCode).toBe(400);
    expect(old.json().fieldErrors).toEqual({ occurredAt: PIPELINE_MESSAGES.activityTooFarBack });
    const ahead = await sync(cookie, leadId, { kind: 'call', occurredAt: daysAgo(-1 / 24) });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().fieldErrors).toEqual({ occurredAt: PIPELINE_MESSAGES.activityFuture });
  });
});
