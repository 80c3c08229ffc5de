import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { readCacheGeneration } from '../db/schema';
import { ScopeGenerations, scopes } from './cache-scopes';

/** The channel every write announces itself on (one per database: NOTIFY never crosses databases). */
const CHANNEL = 'read_caches';
const SEQUENCE = readCacheGeneration.seqName;
/** One announcing write at a time across processes, so the log's numbers commit in order. */
const LOCK_KEY = 0x72656164; // 'read'
/** A check unanswered for this long means the listening connection is gone: it is replaced. */
const CHECK_TIMEOUT_MS = 2_000;
const RECONNECT_MAX_MS = 5_000;
/** Rows kept in the log: a process further behind than this drops everything instead. */
const LOG_KEPT = 2_000;
/** The most log rows one check applies; more means drop everything and go on from the last. */
const CHECK_BATCH = 500;
/** Prepared statements of the checks. */
const LATEST_QUERY = 'select coalesce(max(seq), 0)::text as seq from read_cache_writes';
const AFTER_QUERY = `select seq::text as seq, scopes from read_cache_writes where seq > $1 order by seq limit ${CHECK_BATCH}`;

type LogRow = { seq: string; scopes: string[] };

/**
 * Keeps one process's read caches in step with every process on one PostgreSQL database
 * (docs/decisions/0007-read-caches.md, 0022-scoped-cache-invalidation.md).
 *
 * - A write logs the scopes it changed under the next number of the `read_cache_generation` sequence and
 *   NOTIFYs them, before its answer, one writer at a time (an advisory lock), so numbers commit in order.
 * - One dedicated connection LISTENs: a notification drops what depends on its scopes at once.
 * - NOTIFY is asynchronous, so a request does not trust it alone: before an API request runs, `confirm()`
 *   reads the log after the last write applied, on that same connection. The read is sent after the request
 *   arrived, so it sees every write answered before that. Concurrent requests share one read (at most one in
 *   flight, the next one shared by everyone who arrived meanwhile).
 * - A missing number (an announcement that failed, or a log pruned past this process) drops everything.
 * - While the connection is down or a check failed, nothing is served from the caches; a new connection
 *   starts with the caches dropped.
 */
export class CacheSync {
  /** What cached entries depend on; moves whenever some of them may be stale. */
  readonly generations = new ScopeGenerations();
  /** Whether cached entries may be served: listening, and the latest check succeeded. */
  usable = false;
  private seen: number | null = null;
  private client: pg.Client | null = null;
  private inflight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = 100;
  private closed = false;
  private readyWaiters: (() => void)[] = [];

  constructor(
    private readonly url: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly newClient: (config: pg.ClientConfig) => pg.Client = (config) => new pg.Client(config),
  ) {}

  /** Connects and listens; a failure is logged and retried in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.drop();
    await client?.end().catch(() => {});
  }

  /** Resolves once the listening connection is up (at once when it is). */
  ready(): Promise<void> {
    if (this.client) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * Confirms this process's caches against the shared log, with a read sent after this call. Never
   * rejects: on failure `usable` is false and the caches are bypassed.
   */
  confirm(): Promise<void> {
    if (!this.inflight) return this.send();
    // The check in flight may have been sent before this request arrived: wait for the next one.
    this.queued ??= this.inflight.then(() => {
      this.queued = null;
      return this.send();
    });
    return this.queued;
  }

  private send(): Promise<void> {
    const check: Promise<void> = this.check().finally(() => {
      if (this.inflight === check) this.inflight = null;
    });
    this.inflight = check;
    return check;
  }

  /**
   * Announces a write (after it committed, before it is answered): every process drops what depends on
   * `changed`.
   */
  async announce(db: Database, changed: readonly string[]): Promise<void> {
    const payload = JSON.stringify(changed);
    try {
      const result = await db.execute<{ seq: string }>(
        sql`with locked as (select pg_advisory_xact_lock(${LOCK_KEY})),
                 next as (select nextval(${SEQUENCE}) as seq from locked)
            insert into read_cache_writes (seq, scopes)
            select seq, ${payload}::jsonb from next
            returning seq::text as seq, pg_notify(${CHANNEL}, seq::text || ' ' || ${payload})`,
      );
      const seq = Number(result.rows[0]!.seq);
      if (seq % 500 === 0)
        await db.execute(sql`delete from read_cache_writes where seq <= ${seq - LOG_KEPT}`).catch(() => {});
    } finally {
      this.generations.bump(changed);
    }
  }

  /** Applies the write numbered `seq`: in order, its scopes; after a gap (or out of step), everything. */
  private apply(seq: number, changed: readonly string[]) {
    if (this.seen !== null && seq <= this.seen) return;
    if (this.seen === null || seq !== this.seen + 1) this.generations.dropAll();
    else this.generations.bump(changed);
    this.seen = seq;
  }

  private async check(): Promise<void> {
    const client = this.client;
    try {
      if (!client) throw new Error('not listening');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('read cache check timed out')), CHECK_TIMEOUT_MS);
      });
      const query =
        this.seen === null
          ? client.query<LogRow>({ name: 'read-cache-latest', text: LATEST_QUERY })
          : client.query<LogRow>({ name: 'read-cache-after', text: AFTER_QUERY, values: [this.seen] });
      const result = await Promise.race([query, timeout]).finally(() => clearTimeout(timer));
      if (client !== this.client) throw new Error('connection replaced during the check');
      if (this.seen === null) {
        // Starting over (a new connection): everything cached before is dropped, the log read from here.
        this.seen = Number(result.rows[0]!.seq);
        this.generations.dropAll();
      } else {
        for (const row of result.rows) this.apply(Number(row.seq), row.scopes);
        if (result.rows.length >= CHECK_BATCH) this.generations.dropAll();
      }
      this.usable = true;
    } catch (err) {
      this.usable = false;
      if (client && client === this.client) this.lost(client, err);
    }
  }

  private async connect(): Promise<void> {
    const client = this.newClient({
      connectionString: this.url,
      application_name: 'read-cache-sync',
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (client !== this.client) return;
      const payload = message.payload ?? '';
      // "<number> <scopes as JSON>"; anything else (a hand-made NOTIFY) drops everything.
      const space = payload.indexOf(' ');
      const seq = space > 0 ? Number(payload.slice(0, space)) : Number.NaN;
      let changed: string[] = [scopes.all];
      try {
        const parsed: unknown = JSON.parse(payload.slice(space + 1));
        if (Array.isArray(parsed) && parsed.every((scope) => typeof scope === 'string')) changed = parsed;
      } catch {}
      if (!Number.isSafeInteger(seq)) {
        this.generations.dropAll();
        return;
      }
      // Before the first check there is no number to follow: the check reads the log from its end.
      if (this.seen === null) this.generations.bump(changed);
      else this.apply(seq, changed);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.log.warn({ err }, 'read caches: cannot listen for writes; the caches stay off until it can');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectDelay = 100;
    // Whatever was cached before may have missed notifications: start over.
    this.seen = null;
    this.generations.dropAll();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  /** The listening connection failed or ended: caches off and dropped, then a new connection. */
  private lost(client: pg.Client, err?: unknown) {
    if (client !== this.client) return;
    this.drop();
    client.end().catch(() => {});
    if (this.closed) return;
    this.log.warn({ err }, 'read caches: the listening connection was lost; caches off until it is back');
    this.scheduleReconnect();
  }

  private drop() {
    this.client = null;
    this.usable = false;
    this.seen = null;
    this.generations.dropAll();
  }

  private scheduleReconnect() {
    if (this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.reconnectDelay);
    this.reconnectDelay = Math.min(RECONNECT_MAX_MS, this.reconnectDelay * 2);
  }
}
