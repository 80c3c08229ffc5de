import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { createUser } from '../test/factories';
import { openTestDatabase } from '../test/test-app';
import {
  canonicalJson,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_DAYS,
  isUniqueViolation,
  purgeIdempotencyKeys,
  readIdempotencyKey,
  requestHash,
  runIdempotent,
} from './idempotency';

// A fresh database for the tests that write keys (runIdempotent's guard and the purge).
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the Idempotency-Key header', () => {
  it('takes a bare or quoted (sf-string) key of 1 to 128 visible ASCII characters', () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(readIdempotencyKey('"abc:1"')).toBe('abc:1');
    expect(readIdempotencyKey('a'.repeat(128))).toBe('a'.repeat(128));
    // One character, and the first and last visible ASCII characters ('!' and '~').
    expect(readIdempotencyKey('x')).toBe('x');
    expect(readIdempotencyKey('!key~')).toBe('!key~');
    expect(readIdempotencyKey('"~"')).toBe('~');
  });

  it('ignores the spaces around the value, quoted or bare', () => {
    expect(readIdempotencyKey('  abc-1 ')).toBe('abc-1');
    expect(readIdempotencyKey(' "abc-1"  ')).toBe('abc-1');
  });

  it('refuses an empty, over-long, spaced, non-ASCII or doubled key with a Hebrew message', () => {
    for (const bad of ['', '""', 'a'.repeat(129), 'two words', 'מפתח', ['a', 'b'], 'a"b', 'a\x7f', 'a\tb']) {
      expect(() => readIdempotencyKey(bad)).toThrow(IDEMPOTENCY_MESSAGES.badKey);
    }
  });

  it('refuses a quoted key with anything before or after the quotes', () => {
    for (const bad of ['x"abc"', '"abc"x', '"abc" "def"']) {
      expect(() => readIdempotencyKey(bad)).toThrow(IDEMPOTENCY_MESSAGES.badKey);
    }
  });
});

describe('the request hash', () => {
  it('is the same for the same body whatever the key order, and differs for another body or route', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: null }] })).toBe('{"a":[1,{"c":null,"d":2}],"b":1}');
    const route = 'POST /api/v1/indicators';
    expect(requestHash(route, { meetings: 1, deals: 0 })).toBe(requestHash(route, { deals: 0, meetings: 1 }));
    expect(requestHash(route, { meetings: 1 })).not.toBe(requestHash(route, { meetings: 2 }));
    expect(requestHash(route, { meetings: 1 })).not.toBe(requestHash('POST /api/v1/goals', { meetings: 1 }));
    expect(requestHash(route, { meetings: 1, note: undefined })).toBe(requestHash(route, { meetings: 1 }));
  });

  it('orders the keys of a body already in order, or in any order, the same way', () => {
    const sorted = '{"a":1,"b":2,"c":3,"d":4,"e":5}';
    expect(canonicalJson({ a: 1, b: 2, c: 3, d: 4, e: 5 })).toBe(sorted);
    expect(canonicalJson({ e: 5, d: 4, c: 3, b: 2, a: 1 })).toBe(sorted);
    expect(canonicalJson({ c: 3, a: 1, e: 5, b: 2, d: 4 })).toBe(sorted);
    expect(canonicalJson([{ b: 'x', a: true }, 'y', null])).toBe('[{"a":true,"b":"x"},"y",null]');
  });

  it('is stable across releases: a key stored before a deploy still matches its resend after it', () => {
    // The stored hash is SHA-256 of the route, a line break and the canonical JSON of the body; changing the
    // formula would answer 409 to every phone that resends an entry queued before the deploy.
    expect(requestHash('POST /api/v1/indicators', { meetings: 1, deals: 0 })).toBe(
      '55efd6ef1c02fcb5b499afa5ec818e172c27eb4061e68e6cb40fea98026b1f67',
    );
    // The line break keeps the route apart from the body: route "R" with 12 is not route "R1" with 2.
    expect(requestHash('R', 12)).not.toBe(requestHash('R1', 2));
  });
});

describe('a unique violation', () => {
  it('is recognised from the driver (code) or from drizzle (code on the cause), and nothing else is', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation({ cause: {}, code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation({ cause: { code: '23503' } })).toBe(false);
  });
});

describe('a route that takes an Idempotency-Key', () => {
  it('must declare it in its config (the API description names the header from there)', async () => {
    const request = { routeOptions: { url: '/api/v1/undeclared', config: {} } } as unknown as FastifyRequest;
    await expect(
      runIdempotent(handle.db, request, {} as FastifyReply, 201, async () => ({ ok: true })),
    ).rejects.toThrow(
      '/api/v1/undeclared: a route that takes an Idempotency-Key declares config.idempotencyKey',
    );
  });
});

describe('a write that breaks a unique rule of its own', () => {
  it('passes that error on as it is (it is not a race on the key, so there is nothing to replay)', async () => {
    const user = await createUser(handle.db);
    const request = {
      method: 'POST',
      routeOptions: { url: '/api/v1/things', config: { idempotencyKey: true } },
      headers: { 'idempotency-key': 'thing-1' },
      user: { id: user.id },
      body: { name: 'x' },
    } as unknown as FastifyRequest;
    const other = { userId: user.id, key: 'another-key', route: 'POST /api/v1/things', requestHash: 'h' };
    const write = runIdempotent(handle.db, request, {} as FastifyReply, 201, async (tx) => {
      await tx.insert(idempotencyKeys).values({ ...other, statusCode: 201, responseBody: {} });
      await tx.insert(idempotencyKeys).values({ ...other, statusCode: 201, responseBody: {} });
    });
    const error = await write.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isUniqueViolation(error)).toBe(true);
    // Nothing of the write was kept, not even the key: the corrected write may be sent with it again.
    expect(await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toEqual(
      [],
    );
  });
});

describe('one key sent twice at once', () => {
  it('writes once, and the second answer is the first one replayed', async () => {
    const user = await createUser(handle.db);
    const request = {
      method: 'POST',
      routeOptions: { url: '/api/v1/things', config: { idempotencyKey: true } },
      headers: { 'idempotency-key': 'thing-race' },
      user: { id: user.id },
      body: { name: 'x' },
    } as unknown as FastifyRequest;
    /** What a client receives: the status, the replay header and the body. */
    const answer = () => {
      const sent = { status: 0, replayed: undefined as string | undefined, body: undefined as unknown };
      const reply = {
        status(code: number) {
          sent.status = code;
          return reply;
        },
        header(name: string, value: string) {
          if (name === 'idempotent-replayed') sent.replayed = value;
          return reply;
        },
        send(body: unknown) {
          sent.body = body;
          return reply;
        },
      };
      return { sent, reply: reply as unknown as FastifyReply };
    };
    let writes = 0;
    const work = async () => {
      writes += 1;
      return { status: 'success', data: { n: writes } };
    };
    // Both look the key up before either commits (on PGlite the two look-ups queue ahead of both writes): one
    // commits, the other's insert of the key fails on the primary key, rolls back and replays the winner.
    const [a, b] = [answer(), answer()];
    await Promise.all([
      runIdempotent(handle.db, request, a.reply, 201, work),
      runIdempotent(handle.db, request, b.reply, 201, work),
    ]);
    expect([a.sent.status, b.sent.status]).toEqual([201, 201]);
    expect(b.sent.body).toEqual(a.sent.body);
    expect([a.sent.replayed, b.sent.replayed].filter((r) => r === 'true')).toHaveLength(1);
    expect(
      await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)),
    ).toMatchObject([{ key: 'thing-race', statusCode: 201, responseBody: a.sent.body }]);
  });
});

describe('forgetting old keys', () => {
  it(`keeps a key for ${IDEMPOTENCY_TTL_DAYS} days, so a phone offline for weeks still gets its replay`, async () => {
    const user = await createUser(handle.db);
    const now = new Date('2026-06-30T09:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (key: string, createdAt: Date) => ({
      userId: user.id,
      key,
      route: 'POST /api/v1/indicators',
      requestHash: createHash('sha256').update(key).digest('hex'),
      statusCode: 201,
      responseBody: { status: 'success' },
      createdAt,
    });
    await handle.db
      .insert(idempotencyKeys)
      .values([
        row('today', now),
        row('29-days', daysAgo(29)),
        row('30-days-less-a-minute', new Date(daysAgo(30).getTime() + 60_000)),
        row('30-days-and-a-minute', new Date(daysAgo(30).getTime() - 60_000)),
        row('a-year', daysAgo(365)),
      ]);
    await purgeIdempotencyKeys(handle.db, now);
    const left = await handle.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((r) => r.key).sort()).toEqual(['29-days', '30-days-less-a-minute', 'today']);
  });
});
