import { randomUUID } from 'node:crypto';
import { israelDate } from '@shared/domain/israel-time';
import { createIndicatorSchema } from '@shared/schemas/indicator';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, indicators } from '../../db/schema';
import { IDEMPOTENCY_MESSAGES, requestHash } from '../../lib/idempotency';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTwoInstances } from '../../test/test-app';

// Two app instances on one database (each with its own pool on PostgreSQL): two server processes.
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  ({ first, second } = await createTwoInstances());
});

async function agent() {
  const user = await createUser(first.db);
  return { user, cookie: await sessionCookieFor(first.db, user.id) };
}
const entry = (agentId: string, meetings = 2) => ({
  agent: [agentId],
  meetings,
  deals: 1,
  createdAt: israelDate(),
});
const post = (app: FastifyInstance, cookie: string, key: string | undefined, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/indicators',
    payload,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
const rowsOf = async (agentId: string) =>
  first.db.select().from(indicators).where(eq(indicators.agentId, agentId));

describe('POST /api/v1/indicators with an Idempotency-Key', () => {
  it('a replay answers with the first answer and stores nothing more', async () => {
    const { user, cookie } = await agent();
    const key = randomUUID();
    const firstAnswer = await post(first, cookie, key, entry(user.id));
    expect(firstAnswer.statusCode).toBe(201);
    const replay = await post(second, cookie, `"${key}"`, entry(user.id));
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(firstAnswer.json());
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('stores the key under its route with a hash of the body alone (the route has no parameters)', async () => {
    // A key stored before a deploy must match its resend after it: the stored hash is the documented one, of
    // the body as the route validated it.
    const { user, cookie } = await agent();
    const key = randomUUID();
    const body = entry(user.id);
    expect((await post(first, cookie, key, body)).statusCode).toBe(201);
    const route = 'POST /api/v1/indicators';
    expect(
      await first.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)),
    ).toMatchObject([
      { key, route, statusCode: 201, requestHash: requestHash(route, createIndicatorSchema.parse(body)) },
    ]);
  });

  it('the same key with another body gets 409 with a Hebrew message; another user may use the same key', async () => {
    const { user, cookie } = await agent();
    const key = randomUUID();
    expect((await post(first, cookie, key, entry(user.id, 2))).statusCode).toBe(201);
    const reused = await post(first, cookie, key, entry(user.id, 3));
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.reused });
    const other = await agent();
    expect((await post(first, other.cookie, key, entry(other.user.id, 3))).statusCode).toBe(201);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await rowsOf(other.user.id)).toHaveLength(1);
  });

  it('a refused entry stores no key, so the corrected entry goes through with it', async () => {
    const { user, cookie } = await agent();
    const key = randomUUID();
    const someoneElse = await createUser(first.db);
    const refused = await post(first, cookie, key, entry(someoneElse.id));
    expect(refused.statusCode).toBe(403);
    expect((await post(first, cookie, key, entry(user.id))).statusCode).toBe(201);
    expect(
      await first.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)),
    ).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const { user, cookie } = await agent();
    const res = await post(first, cookie, 'a'.repeat(129), entry(user.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.badKey);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('the same key sent to two processes at once stores one row, and both get the same answer', async () => {
    const { user, cookie } = await agent();
    const keys = Array.from({ length: 10 }, () => randomUUID());
    for (const key of keys) {
      const [a, b] = await Promise.all([
        post(first, cookie, key, entry(user.id)),
        post(second, cookie, key, entry(user.id)),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
    }
    expect(await rowsOf(user.id)).toHaveLength(keys.length);
    expect(
      await first.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)),
    ).toHaveLength(keys.length);
  });

  it('without the header every post is a new entry, as before', async () => {
    const { user, cookie } = await agent();
    await post(first, cookie, undefined, entry(user.id));
    await post(first, cookie, undefined, entry(user.id));
    expect(await rowsOf(user.id)).toHaveLength(2);
  });
});
