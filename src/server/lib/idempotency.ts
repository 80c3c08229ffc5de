import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { currentUser } from '../plugins/session';
import { badRequest, conflict } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'מפתח הבקשה (Idempotency-Key) אינו תקין',
  reused: 'מפתח הבקשה כבר שימש לבקשה אחרת. יש לשלוח את הרשומה מחדש כרשומה חדשה.',
} as const;

/** How long a key is remembered: longer than a device stays offline with an entry it has not sent. */
export const IDEMPOTENCY_TTL_DAYS = 30;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The key of the IETF draft's `Idempotency-Key` header: an sf-string (`"…"`) or, as many clients send it, bare;
 * 1-128 visible ASCII characters.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  // The header twice is two keys for one request: refused, not guessed at.
  if (Array.isArray(header)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
  const key = /^"(.*)"$/.exec(header.trim())?.[1] ?? header.trim();
  if (!/^[\x21-\x7e]{1,128}$/.test(key) || key.includes('"')) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
  return key;
}

/** JSON with object keys in order, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (route: string, body: unknown) =>
  createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');

export const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

/**
 * Runs a write once per user and Idempotency-Key. The first success is stored in the write's own transaction
 * (so a crash cannot keep the write without its key, or the key without its write); a replay answers with
 * the stored status and body and writes nothing; the same key with another body or route gets 409. Two
 * requests with one key at once: the primary key lets one commit, the other rolls back and replays it.
 * A refused write (4xx) stores nothing, so a corrected entry may be sent again. Without the header it just
 * runs the write.
 */
export async function runIdempotent<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  work: (tx: Tx) => Promise<T>,
): Promise<FastifyReply> {
  // The API description names the header from the route's config (plugins/api-description.ts).
  if (!request.routeOptions.config.idempotencyKey)
    throw new Error(
      `${request.routeOptions.url}: a route that takes an Idempotency-Key declares config.idempotencyKey`,
    );
  const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
  if (key === undefined) return reply.status(statusCode).send(await db.transaction(work));
  const userId = currentUser(request).id;
  const route = `${request.method} ${request.routeOptions.url}`;
  // The route's parameters (which lead an activity is on) are part of the request: the same key on another
  // lead is another request (409), never a replay of the first lead's answer.
  const params = request.params as Record<string, unknown> | undefined;
  const hash = requestHash(
    route,
    params && Object.keys(params).length > 0 ? { params, body: request.body } : request.body,
  );
  // The stored answer of this key, or undefined; 409 when the key was used for something else. (A reply is
  // thenable, so it is sent by the caller, never returned from an awaited helper.)
  const stored = async () => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (row && (row.requestHash !== hash || row.route !== route)) throw conflict(IDEMPOTENCY_MESSAGES.reused);
    return row;
  };
  const replay = (row: typeof idempotencyKeys.$inferSelect) =>
    reply.status(row.statusCode).header('idempotent-replayed', 'true').send(row.responseBody);
  const earlier = await stored();
  if (earlier) return replay(earlier);
  let body: T;
  try {
    body = await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .insert(idempotencyKeys)
        .values({ userId, key, route, requestHash: hash, statusCode, responseBody: result as object });
      return result;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same key committed meanwhile (another process, or a resend while the first was in flight).
    const winner = await stored();
    if (!winner) throw err;
    return replay(winner);
  }
  return reply.status(statusCode).send(body);
}

/** Forgets keys older than IDEMPOTENCY_TTL_DAYS (hourly maintenance). */
export async function purgeIdempotencyKeys(db: Database, now = new Date()) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_DAYS * 86_400_000)));
}
