import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import type { Database } from '../db/client';
import { CacheSync } from './cache-sync';

/**
 * Short-lived in-process caches of hot reads (docs/decisions/0007-read-caches.md).
 *
 * Every write request that may have changed data (its answer is not a 4xx refusal) bumps the database's
 * "write generation" before its answer goes out (and this process's once more when it ends); a cached value
 * is used only while the generation current when its load *started* is still current, so nothing written is
 * served stale once the write is answered (a read that overlapped the write is not reused). A refused request
 * (401, 403, 400, 404, 429...) changes nothing and keeps the caches, so a visitor cannot flush them.
 *
 * PGlite (one process owns the database): the generation is a counter in this process. PostgreSQL (any
 * number of processes): the generation is shared through a sequence and NOTIFY, and every API request
 * confirms it before it runs (cache-sync.ts), so a write answered by any process is never followed by a
 * stale read in another.
 */
const generations = new WeakMap<Database, number>();
const syncs = new WeakMap<Database, { sync: CacheSync; users: number }>();

export const writeGeneration = (db: Database) => syncs.get(db)?.sync.generation ?? generations.get(db) ?? 0;

/** Whether cached entries may be served (PostgreSQL: while the generation can be confirmed). */
const cachesUsable = (db: Database) => syncs.get(db)?.sync.usable ?? true;

/** This process's start, so a tag of the generation never names data from before a restart. */
const BOOT = randomBytes(6).toString('base64url');

/**
 * A validator of everything the read caches hold, for answers too large to hash (the full property list):
 * it changes with every write answered, here or in another process. Undefined while the generation cannot be
 * confirmed.
 */
export const generationEtag = (db: Database, name: string) =>
  cachesUsable(db) ? `W/"${name}-${BOOT}-${writeGeneration(db)}"` : undefined;

/**
 * Confirms, as an API request does before it runs, that the caches of `db` have seen every write answered
 * so far (PostgreSQL; at once on PGlite): for reads made outside a request to the API (a page's render).
 */
export const confirmReadCaches = (db: Database): Promise<void> =>
  syncs.get(db)?.sync.confirm() ?? Promise.resolve();

/** Invalidates every read cache of `db`, in every process sharing it (before a write is answered). */
export async function noteWrite(db: Database): Promise<void> {
  const shared = syncs.get(db);
  if (shared) await shared.sync.bump(db);
  else generations.set(db, writeGeneration(db) + 1);
}

/** Invalidates this process's read caches of `db` only. */
function noteLocalWrite(db: Database) {
  const shared = syncs.get(db);
  if (shared) shared.sync.dropLocal();
  else generations.set(db, writeGeneration(db) + 1);
}

type Entry<V> = { value: Promise<V>; at: number; generation: number };

export class ReadCache<V> {
  private readonly maps = new WeakMap<Database, Map<string, Entry<V>>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  /**
   * The cached value of `key`, or `load()` (one load shared by concurrent callers). Callers must not
   * mutate what they get: the same object is handed to every request until the entry expires.
   */
  get(db: Database, key: string, load: () => Promise<V>): Promise<V> {
    // Freshness cannot be confirmed (PostgreSQL connection trouble): read through, keep nothing.
    if (!cachesUsable(db)) return load();
    let map = this.maps.get(db);
    if (!map) {
      map = new Map();
      this.maps.set(db, map);
    }
    const now = Date.now();
    const generation = writeGeneration(db);
    const hit = map.get(key);
    if (hit && hit.generation === generation && now - hit.at < this.ttlMs) return hit.value;
    if (map.size >= this.maxEntries) map.clear();
    const entry: Entry<V> = { value: load(), at: now, generation };
    map.set(key, entry);
    // A failed load is not kept: the next request tries again (and gets its own error).
    entry.value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return entry.value;
  }

  /** Several keys at once: the valid hits, and every miss from one `loadMany` call (absent keys: undefined). */
  getMany(
    db: Database,
    keys: string[],
    loadMany: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<(V | undefined)[]> {
    if (!cachesUsable(db)) return loadMany(keys).then((map) => keys.map((key) => map.get(key)));
    const missing = new Set(keys.filter((key) => !this.isFresh(db, key)));
    let batch: Promise<Map<string, V>> | undefined;
    const load = (key: string) => {
      // A key that was fresh a moment ago but got evicted meanwhile is loaded on its own.
      if (!missing.has(key)) return loadMany([key]).then((map) => map.get(key) as V);
      batch ??= loadMany([...missing]);
      return batch.then((map) => map.get(key) as V);
    };
    return Promise.all(keys.map((key) => this.get(db, key, () => load(key))));
  }

  private isFresh(db: Database, key: string) {
    const hit = this.maps.get(db)?.get(key);
    return !!hit && hit.generation === writeGeneration(db) && Date.now() - hit.at < this.ttlMs;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (the contract's summaries): it does not invalidate the read caches. */
    readOnly?: boolean;
    /**
     * A write that changes nothing a read cache holds (the public forms, sign-in, a forgotten-password
     * request): it does not invalidate them, so a visitor cannot flush them by posting. A route that changes
     * cached data only sometimes (sign-out) calls noteWrite itself when it did.
     */
    keepsReadCaches?: boolean;
  }
}

/** A request with a method that may change data (its session is always looked up fresh). */
export const isMutation = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';

const mayHaveChangedCachedData = (request: FastifyRequest, reply: FastifyReply) =>
  isMutation(request) &&
  request.routeOptions.config?.readOnly !== true &&
  request.routeOptions.config?.keepsReadCaches !== true &&
  // A 4xx is a refusal: nothing was changed. A 5xx from a handler that ran may have stopped half-way, so it
  // counts as a write; one sent before any handler (such as the overload 503) changed nothing.
  (reply.statusCode < 400 || (reply.statusCode >= 500 && request.reachedHandler));

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once this write request has announced itself (read-cache plugin). */
    announcedWrite: boolean;
    /** Set when the request passed every check and its handler was about to run (read-cache plugin). */
    reachedHandler: boolean;
  }
}

/**
 * Bumps the write generation when a write request may have changed data: before its answer (shared with
 * every process) and at its end (this process). On PostgreSQL it also listens for the other processes'
 * writes and confirms the generation before each API request.
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('announcedWrite', false);
    app.decorateRequest('reachedHandler', false);
    const { dbHandle: handle, db } = app;
    if (handle.kind === 'postgres' && handle.connectionString) {
      let shared = syncs.get(db);
      if (!shared) {
        shared = { sync: new CacheSync(handle.connectionString, app.log), users: 0 };
        syncs.set(db, shared);
        await shared.sync.start();
      }
      shared.users++;
      const { sync } = shared;
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/')) await sync.confirm();
      });
      app.addHook('onClose', async () => {
        if (--shared.users > 0) return;
        syncs.delete(db);
        await sync.close();
      });
    }
    app.addHook('preHandler', async (request) => {
      request.reachedHandler = true;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      // Once: if announcing fails, the error answer (a 500) passes here again.
      if (mayHaveChangedCachedData(request, reply) && !request.announcedWrite) {
        request.announcedWrite = true;
        await noteWrite(db);
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      if (!mayHaveChangedCachedData(request, reply)) return;
      // Answered without onSend (e.g. hijacked): announce it now.
      if (request.announcedWrite) noteLocalWrite(db);
      else await noteWrite(db);
    });
  },
  { name: 'read-cache', decorators: { fastify: ['db', 'dbHandle'] } },
);

/**
 * A JSON body exactly as the route's zod serializer would write it (encode through the response schema,
 * which drops undeclared fields, then JSON.stringify), so it can be cached and sent as is. Null when the
 * data does not match the schema: the caller then lets the route's serializer answer (and fail) as before.
 */
export function encodeJson(schema: z.ZodType, data: unknown): string | null {
  const result = safeEncode(schema, data);
  return result.success ? JSON.stringify(result.data) : null;
}

/** Sends a body produced by encodeJson; fastify sends a string or Buffer with a JSON content type unchanged. */
export const sendJson = (reply: FastifyReply, body: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(body as never);

/** A cached answer: its JSON body, or (schema mismatch, never expected) the data for the route's serializer. */
export type CachedBody = { json: string; bytes?: Buffer } | { json: null; data: unknown };

/**
 * Answers a read from `cache` (the whole serialized body under `key`), loading and encoding it on a miss.
 * Saves both the queries and the zod encoding of big lists on every hit.
 */
export async function replyCached<T>(
  reply: FastifyReply,
  cache: ReadCache<CachedBody>,
  db: Database,
  key: string,
  schema: z.ZodType,
  load: () => Promise<T>,
): Promise<T> {
  const body = await cache.get(db, key, async () => {
    const data = await load();
    const json = encodeJson(schema, data);
    return json === null ? { json, data } : { json };
  });
  if (body.json === null) return body.data as T;
  // The same bytes on every hit, so the answer is compressed once (plugins/compression.ts, compressOnce).
  body.bytes ??= Buffer.from(body.json);
  // Returning the reply tells fastify the answer has been sent.
  return sendJson(reply, body.bytes) as never;
}

/** Resolves once `db`'s caches listen for other processes' writes again (at once on PGlite). */
export const readCachesListening = (db: Database): Promise<void> =>
  syncs.get(db)?.sync.ready() ?? Promise.resolve();
