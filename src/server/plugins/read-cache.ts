import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import type { Database } from '../db/client';
import { ScopeGenerations, scopes } from './cache-scopes';
import { CacheSync } from './cache-sync';

/**
 * Short-lived in-process caches of hot reads (docs/decisions/0007-read-caches.md), dropped by what was
 * written (docs/decisions/0022-scoped-cache-invalidation.md).
 *
 * Every cached entry names the scopes it read (a property, the searches of a deal type, the users, the
 * indicators...). Every write request that may have changed data (its answer is not a 4xx refusal) announces
 * the scopes it changed before its answer goes out (and to this process once more when it ends); a write that
 * names none changes everything. An entry is used only while none of its scopes moved since its load
 * *started*, so nothing written is served stale once the write is answered, a read that overlapped a write of
 * its scopes is not reused, and a write elsewhere keeps it. A refused request (401, 403, 400, 404, 429...)
 * changes nothing and keeps the caches, so a visitor cannot flush them.
 *
 * PGlite (one process owns the database): the generations live in this process. PostgreSQL (any number of
 * processes): every write is logged with its scopes and NOTIFYed, and every API request confirms the log
 * before it runs (cache-sync.ts), so a write answered by any process is never followed by a stale read in
 * another.
 */
const locals = new WeakMap<Database, ScopeGenerations>();
const syncs = new WeakMap<Database, { sync: CacheSync; users: number }>();

function generationsOf(db: Database): ScopeGenerations {
  const shared = syncs.get(db);
  if (shared) return shared.sync.generations;
  let local = locals.get(db);
  if (!local) {
    local = new ScopeGenerations();
    locals.set(db, local);
  }
  return local;
}

/** Whether cached entries may be served (PostgreSQL: while the log can be confirmed). */
const cachesUsable = (db: Database) => syncs.get(db)?.sync.usable ?? true;
/** The same, for a route that serves something else (a stream) while its cache would read through. */
export const readCachesUsable = cachesUsable;

/** This process's start, so a tag of the generations never names data from before a restart. */
const BOOT = randomBytes(6).toString('base64url');

/**
 * A validator of what depends on `read`, for answers too large to hash (the full property list): it changes
 * with every write of those scopes answered, here or in another process. Undefined while the generations
 * cannot be confirmed.
 */
export const scopeEtag = (db: Database, name: string, read: readonly string[]) =>
  cachesUsable(db) ? `W/"${name}-${BOOT}-${generationsOf(db).tag(read)}"` : undefined;

/**
 * Confirms, as an API request does before it runs, that the caches of `db` have seen every write answered
 * so far (PostgreSQL; at once on PGlite): for reads made outside a request to the API (a page's render).
 */
export const confirmReadCaches = (db: Database): Promise<void> =>
  syncs.get(db)?.sync.confirm() ?? Promise.resolve();

/** Invalidates what depends on `changed` (default: everything) in every process sharing `db` (before a write is answered). */
export async function noteWrite(db: Database, changed: readonly string[] = [scopes.all]): Promise<void> {
  const shared = syncs.get(db);
  if (shared) await shared.sync.announce(db, changed);
  else generationsOf(db).bump(changed);
}

/** Invalidates what depends on `changed` in this process only. */
const noteLocalWrite = (db: Database, changed: readonly string[]) => generationsOf(db).bump(changed);

/**
 * The scopes read by the work running in this async context (a page's render and the API requests it makes
 * in process): every read-cache lookup adds the scopes of its entry. See `collectReads`.
 */
const collector = new AsyncLocalStorage<Set<string>>();

/** Runs `work`, and answers its result with the scopes every read cache it consulted had read. */
export async function collectReads<T>(work: () => Promise<T>): Promise<{ value: T; read: Set<string> }> {
  const read = new Set<string>();
  const value = await collector.run(read, work);
  return { value, read };
}

function noteRead(read: Iterable<string> | null) {
  const into = collector.getStore();
  if (into && read) for (const scope of read) into.add(scope);
}

/** Hits and misses of each named cache, per database (tests open several, each standing for a process). */
const counts = new WeakMap<Database, Map<string, { hits: number; misses: number }>>();

function countOf(db: Database, name: string) {
  let byName = counts.get(db);
  if (!byName) {
    byName = new Map();
    counts.set(db, byName);
  }
  let count = byName.get(name);
  if (!count) {
    count = { hits: 0, misses: 0 };
    byName.set(name, count);
  }
  return count;
}

/**
 * The read caches' figures on `db` in this process (the metrics): hits and misses by cache, and invalidations
 * (writes that moved scopes, here or announced by another process, and every drop of them all).
 */
export const readCacheStats = (db: Database) => ({
  caches: counts.get(db) ?? new Map<string, { hits: number; misses: number }>(),
  invalidations: generationsOf(db).bumps,
});

/**
 * An entry: its value, when it was loaded (for the TTL), the scopes' counter when its load started, and the
 * scopes it read (`null` while a load that learns them is running).
 */
type Entry<V> = { value: Promise<V>; at: number; since: number; read: readonly string[] | null };

export type ReadCacheOptions = {
  /** The cache's name in the metrics (`read_cache_requests_total{cache}`); default `unnamed`. */
  name?: string;
  ttlMs: number;
  maxEntries?: number;
  /** The scopes an entry reads, from its key (a call to `get` may name them itself). */
  reads: (key: string) => readonly string[];
};

export class ReadCache<V> {
  private readonly maps = new WeakMap<Database, Map<string, Entry<V>>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly reads: (key: string) => readonly string[];
  readonly name: string;

  constructor({ name = 'unnamed', ttlMs, maxEntries = 2_000, reads }: ReadCacheOptions) {
    this.name = name;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.reads = reads;
  }

  /**
   * The cached value of `key`, or `load()` (one load shared by concurrent callers). Callers must not
   * mutate what they get: the same object is handed to every request until the entry expires.
   */
  get(db: Database, key: string, load: () => Promise<V>, read?: readonly string[]): Promise<V> {
    const scopesRead = read ?? this.reads(key);
    return this.lookup(db, key, scopesRead, async () => ({ value: await load(), read: scopesRead }));
  }

  /**
   * The cached value of `key`, or `load()`, which answers the value and the scopes it read (with
   * `collectReads`: a page's HTML). The entry is fresh while none of them changed since its load started.
   */
  getLearning(
    db: Database,
    key: string,
    load: () => Promise<{ value: V; read: Iterable<string> }>,
  ): Promise<V> {
    return this.lookup(db, key, null, load);
  }

  private lookup(
    db: Database,
    key: string,
    read: readonly string[] | null,
    load: () => Promise<{ value: V; read: Iterable<string> }>,
  ): Promise<V> {
    // Freshness cannot be confirmed (PostgreSQL connection trouble): read through, keep nothing.
    if (!cachesUsable(db)) return load().then((loaded) => loaded.value);
    let map = this.maps.get(db);
    if (!map) {
      map = new Map();
      this.maps.set(db, map);
    }
    const now = Date.now();
    const generations = generationsOf(db);
    const hit = map.get(key);
    const count = countOf(db, this.name);
    if (hit && now - hit.at < this.ttlMs && this.unchanged(generations, hit)) {
      count.hits += 1;
      noteRead(hit.read);
      return hit.value;
    }
    count.misses += 1;
    if (map.size >= this.maxEntries) map.clear();
    noteRead(read);
    const loading = load();
    const entry: Entry<V> = {
      value: loading.then((loaded) => {
        entry.read ??= [...loaded.read];
        return loaded.value;
      }),
      at: now,
      since: generations.now(),
      read,
    };
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

  /** Drops `key` if its entry still holds `value` (a result that must not be reused). */
  forget(db: Database, key: string, value: V) {
    const map = this.maps.get(db);
    const entry = map?.get(key);
    if (entry) void entry.value.then((held) => held === value && map?.get(key) === entry && map.delete(key));
  }

  /** Fresh: nothing it read changed since its load started (one still learning what it reads: nothing at all). */
  private unchanged(generations: ScopeGenerations, entry: Entry<V>) {
    return generations.unchangedSince(entry.read ?? [], entry.since);
  }

  private isFresh(db: Database, key: string) {
    const hit = this.maps.get(db)?.get(key);
    return !!hit && Date.now() - hit.at < this.ttlMs && this.unchanged(generationsOf(db), hit);
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
    /**
     * What a write route changes (docs/decisions/0022-scoped-cache-invalidation.md). A handler adds what only
     * it knows (which property, which deal type) with `noteChanged`; a write that names nothing changes
     * everything.
     */
    changes?: readonly string[];
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
    /** The scopes this write request changed, as its handler found them (noteChanged). */
    changedScopes: Set<string> | null;
  }
}

/** Records that this write request changes `changed` (added to its route's `changes`). */
export function noteChanged(request: FastifyRequest, ...changed: string[]) {
  request.changedScopes ??= new Set();
  for (const scope of changed) request.changedScopes.add(scope);
}

/**
 * What a write request changed: its route's scopes and its handler's, or everything when neither says (a
 * route that declares `changes: []` changes nothing a cache holds).
 */
function changedBy(request: FastifyRequest): string[] {
  const declared = request.routeOptions.config?.changes;
  if (declared === undefined && !request.changedScopes) return [scopes.all];
  return [...(declared ?? []), ...(request.changedScopes ?? [])];
}

/**
 * Declares what every write route registered after this call, in this plugin, changes (unless the route
 * says itself). For modules whose writes all change the same things.
 */
export function declareChanges(app: FastifyInstance, changed: readonly string[]) {
  app.addHook('onRoute', (route) => {
    if (route.config?.changes !== undefined) return;
    route.config = { ...route.config, changes: changed } as typeof route.config;
  });
}

/**
 * Announces what a write request changed when it may have changed data: before its answer (shared with every
 * process) and at its end (this process). On PostgreSQL it also listens for the other processes' writes and
 * confirms the log before each API request.
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('announcedWrite', false);
    app.decorateRequest('reachedHandler', false);
    app.decorateRequest('changedScopes', null);
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
        await noteWrite(db, changedBy(request));
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      if (!mayHaveChangedCachedData(request, reply)) return;
      // Answered without onSend (e.g. hijacked): announce it now.
      if (request.announcedWrite) noteLocalWrite(db, changedBy(request));
      else await noteWrite(db, changedBy(request));
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
  read?: readonly string[],
): Promise<T> {
  const body = await cache.get(
    db,
    key,
    async () => {
      const data = await load();
      const json = encodeJson(schema, data);
      return json === null ? { json, data } : { json };
    },
    read,
  );
  if (body.json === null) return body.data as T;
  // The same bytes on every hit, so the answer is compressed once (plugins/compression.ts, compressOnce).
  body.bytes ??= Buffer.from(body.json);
  // Returning the reply tells fastify the answer has been sent.
  return sendJson(reply, body.bytes) as never;
}

/** Resolves once `db`'s caches listen for other processes' writes again (at once on PGlite). */
export const readCachesListening = (db: Database): Promise<void> =>
  syncs.get(db)?.sync.ready() ?? Promise.resolve();
