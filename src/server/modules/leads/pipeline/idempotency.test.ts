import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTIVITY_KINDS } from '@shared/domain/activities';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, indicators, leadActivities } from '../../../db/schema';
import { IDEMPOTENCY_MESSAGES, requestHash } from '../../../lib/idempotency';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTwoInstances } from '../../../test/test-app';

// POST /pipeline/leads/:id/activities under an Idempotency-Key (the phone app's offline outbox), with two app
// instances on one database (each with its own pool on PostgreSQL): two server processes.
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  ({ first, second } = await createTwoInstances());
});

let phones = 0;
/** A fresh phone number per lead (a lead with a known phone merges into its contact). */
const phone = () => {
  phones += 1;
  return `0503${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(3, '0')}`;
};
/** An agent with a lead of its own. */
async function agentWithLead() {
  const user = await createUser(first.db);
  const cookie = await sessionCookieFor(first.db, user.id);
  const res = await first.inject({
    method: 'POST',
    url: '/api/v1/pipeline/leads',
    headers: { cookie },
    payload: { name: 'ליד לבדיקה', phone: phone(), category: 'קונה' },
  });
  expect(res.statusCode).toBe(201);
  return { user, cookie, leadId: res.json().data.lead._id as string };
}
const post = (
  app: FastifyInstance,
  cookie: string,
  leadId: string,
  key: string | undefined,
  payload: object,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/leads/${leadId}/activities`,
    payload,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
/** The activities an agent logged on a lead (not the assignment and status entries the server writes). */
const activitiesOf = async (leadId: string) =>
  first.db
    .select()
    .from(leadActivities)
    .where(
      and(eq(leadActivities.leadId, leadId), notInArray(leadActivities.kind, [...SYSTEM_ACTIVITY_KINDS])),
    );
const keysOf = async (userId: string) =>
  first.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

describe('POST /api/v1/pipeline/leads/:id/activities with an Idempotency-Key', () => {
  it('a replay answers with the first answer and stores no second activity or indicator', async () => {
    const { user, cookie, leadId } = await agentWithLead();
    const key = randomUUID();
    const firstAnswer = await post(first, cookie, leadId, key, { kind: 'meeting', note: 'פגישה בנכס' });
    expect(firstAnswer.statusCode).toBe(201);
    const replay = await post(second, cookie, leadId, `"${key}"`, { note: 'פגישה בנכס', kind: 'meeting' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(firstAnswer.json());
    expect(await activitiesOf(leadId)).toHaveLength(1);
    expect(await first.db.select().from(indicators).where(eq(indicators.agentId, user.id))).toHaveLength(1);
  });

  it('a resent deal is replayed, not refused as a second deal on the lead', async () => {
    // The phone lost the answer to its deal and sends it again: the deal is logged once, and the resend gets the
    // first answer rather than the question about a second deal (which it would if the entry ran again).
    const { cookie, leadId } = await agentWithLead();
    const key = randomUUID();
    const deal = { kind: 'deal', noOrderReason: 'נחתם בנייר', price: 1_500_000, commission: 30_000 };
    const firstAnswer = await post(first, cookie, leadId, key, deal);
    expect(firstAnswer.statusCode).toBe(201);
    const resent = await post(second, cookie, leadId, key, deal);
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toEqual(firstAnswer.json());
    expect((await activitiesOf(leadId)).filter((a) => a.kind === 'deal')).toHaveLength(1);
  });

  it('stores the key under the route pattern and a hash of the lead and the body', async () => {
    const { user, cookie, leadId } = await agentWithLead();
    const key = randomUUID();
    const body = { kind: 'call', note: 'שיחה' };
    expect((await post(first, cookie, leadId, key, body)).statusCode).toBe(201);
    const route = 'POST /api/v1/pipeline/leads/:id/activities';
    expect(await keysOf(user.id)).toMatchObject([
      { key, route, statusCode: 201, requestHash: requestHash(route, { params: { id: leadId }, body }) },
    ]);
  });

  it('the same key with another body gets 409 with a Hebrew message and writes nothing', async () => {
    const { cookie, leadId } = await agentWithLead();
    const key = randomUUID();
    expect((await post(first, cookie, leadId, key, { kind: 'call' })).statusCode).toBe(201);
    const reused = await post(first, cookie, leadId, key, { kind: 'whatsapp' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.reused });
    expect(await activitiesOf(leadId)).toHaveLength(1);
  });

  it('the same key on another lead is another request: 409', async () => {
    const { user, cookie, leadId } = await agentWithLead();
    const key = randomUUID();
    expect((await post(first, cookie, leadId, key, { kind: 'call' })).statusCode).toBe(201);
    const secondLead = await first.inject({
      method: 'POST',
      url: '/api/v1/pipeline/leads',
      headers: { cookie },
      payload: { name: 'ליד שני', phone: phone(), category: 'קונה' },
    });
    const otherLead = secondLead.json().data.lead._id as string;
    expect((await post(first, cookie, otherLead, key, { kind: 'call' })).statusCode).toBe(409);
    expect(await activitiesOf(otherLead)).toHaveLength(0);
    expect(await keysOf(user.id)).toHaveLength(1);
  });

  it('a refused activity stores no key, so the corrected one goes through with it', async () => {
    const { user, cookie, leadId } = await agentWithLead();
    const other = await agentWithLead();
    const key = randomUUID();
    const refused = await post(first, cookie, other.leadId, key, { kind: 'call' });
    expect(refused.statusCode).toBe(403);
    expect(await keysOf(user.id)).toHaveLength(0);
    expect(await activitiesOf(other.leadId)).toHaveLength(0);
    expect((await post(first, cookie, leadId, key, { kind: 'call' })).statusCode).toBe(201);
    expect(await activitiesOf(leadId)).toHaveLength(1);
    expect(await keysOf(user.id)).toHaveLength(1);
  });

  it('the same key sent to two processes at once stores one activity, and both get the same answer', async () => {
    const { user, cookie, leadId } = await agentWithLead();
    const keys = Array.from({ length: 8 }, () => randomUUID());
    for (const key of keys) {
      const [a, b] = await Promise.all([
        post(first, cookie, leadId, key, { kind: 'call' }),
        post(second, cookie, leadId, key, { kind: 'call' }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
    }
    expect(await activitiesOf(leadId)).toHaveLength(keys.length);
    expect(await keysOf(user.id)).toHaveLength(keys.length);
  });

  it('without the header every post is a new activity, as before', async () => {
    const { cookie, leadId } = await agentWithLead();
    await post(first, cookie, leadId, undefined, { kind: 'call' });
    await post(first, cookie, leadId, undefined, { kind: 'call' });
    expect(await activitiesOf(leadId)).toHaveLength(2);
  });
});
