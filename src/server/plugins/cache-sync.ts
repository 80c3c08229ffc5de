import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { readCacheGeneration } from '../db/schema';

/** The channel every write announces itself on (one per database: NOTIFY never crosses databases). */
const CHANNEL = 'read_caches';
const SEQUENCE = readCacheGeneration.seqName;
/** A check unanswered for this long means the listening connection is gone: it is replaced. */
const CHECK_TIMEOUT_MS = 2_000;
const RECONNECT_MAX_MS = 5_000;
/** A prepared statement. A new sequence shows last_value 1 before and after its first nextval: is_called tells. */
const CHECK_QUERY = `select (case when is_called then last_value else 0 end)::text as value from ${SEQUENCE}`;

/**
 * Keeps one process's read caches in step with every process on one PostgreSQL database
 * (docs/decisions/0007-read-caches.md).
 *
 * - A write takes the next value of the `read_cache_generation` sequence and NOTIFYs it, before its answer.
 * - One dedicated connection LISTENs: a notification drops this process's caches at once.
 * - NOTIFY is asynchronous, so a request does not trust it alone: before an API request runs, `confirm()`
 *   reads the sequence on that same connection. The read is sent after the request arrived, so it sees every
 *   write answered before that; a value not seen yet drops the caches. Concurrent requests share one read
 *   (at most one in flight, the next one shared by everyone who arrived meanwhile).
 * - While the connection is down or a check failed, nothing is served from the caches; a new connection
 *   starts with the caches dropped.
 */
export class CacheSync {
  /** Changes whenever cached entries may be stale; the read caches tag entries with it. */
  generation = 0;
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
   * Confirms this process's caches against the shared generation, with a read sent after this call. Never
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

  /** Announces a write (after it committed, before it is answered): every process drops its caches. */
  async bump(db: Database): Promise<void> {
    try {
      const result = await db.execute<{ value: string }>(
        sql`select value::text, pg_notify(${CHANNEL}, value::text)
            from (select nextval(${SEQUENCE}) as value) as next`,
      );
      const value = Number(result.rows[0]!.value);
      if (this.seen !== null && value > this.seen) this.seen = value;
    } finally {
      this.generation++;
    }
  }

  /** Drops this process's caches (a local change that needs no announcement). */
  dropLocal() {
    this.generation++;
  }

  private async check(): Promise<void> {
    const client = this.client;
    try {
      if (!client) throw new Error('not listening');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('generation check timed out')), CHECK_TIMEOUT_MS);
      });
      const result = await Promise.race([
        client.query<{ value: string }>({ name: 'read-cache-generation', text: CHECK_QUERY }),
        timeout,
      ]).finally(() => clearTimeout(timer));
      if (client !== this.client) throw new Error('connection replaced during the check');
      const value = Number(result.rows[0]!.value);
      if (value !== this.seen) {
        this.seen = value;
        this.generation++;
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
      const value = Number(message.payload);
      if (client === this.client && (this.seen === null || value > this.seen)) {
        this.seen = value;
        this.generation++;
      }
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
    this.generation++;
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
    this.generation++;
  }

  private scheduleReconnect() {
    if (this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.reconnectDelay);
    this.reconnectDelay = Math.min(RECONNECT_MAX_MS, this.reconnectDelay * 2);
  }
}
