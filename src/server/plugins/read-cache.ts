import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import type { Database } from '../db/client';

/**
 * Short-lived in-process caches of hot reads (docs/decisions/0007-read-caches.md).
 *
 * Every write request in this process bumps a per-database "write generation" when it starts and again
 * before its answer goes out; a cached value is used only while the generation it was loaded under is
 * still current, so nothing written through this process is ever served stale (a read that overlapped
 * a write is not reused). Writes made by another process (several servers on one PostgreSQL) are seen
 * once the entry's TTL has passed.
 */
const generations = new WeakMap<Database, number>();

export const writeGeneration = (db: Database) => generations.get(db) ?? 0;

/** Invalidates every read cache of `db` (the plugin calls it around each write request). */
export function noteWrite(db: Database) {
  generations.set(db, writeGeneration(db) + 1);
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
  }
}

const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.method !== 'OPTIONS' &&
  request.routeOptions.config?.readOnly !== true;

/** Bumps the write generation before and after every write request (its handler may change any table). */
export const readCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (isWrite(request)) noteWrite(app.db);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isWrite(request)) noteWrite(app.db);
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    if (isWrite(request)) noteWrite(app.db);
  });
});

/**
 * A JSON body exactly as the route's zod serializer would write it (encode through the response schema,
 * which drops undeclared fields, then JSON.stringify), so it can be cached and sent as is. Null when the
 * data does not match the schema: the caller then lets the route's serializer answer (and fail) as before.
 */
export function encodeJson(schema: z.ZodType, data: unknown): string | null {
  const result = safeEncode(schema, data);
  return result.success ? JSON.stringify(result.data) : null;
}

/** Sends a body produced by encodeJson; fastify sends a string with a JSON content type unchanged. */
export const sendJson = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body as never);

/** A cached answer: its JSON body, or (schema mismatch, never expected) the data for the route's serializer. */
export type CachedBody = { json: string } | { json: null; data: unknown };

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
  // Returning the reply tells fastify the answer has been sent.
  return sendJson(reply, body.json) as never;
}
