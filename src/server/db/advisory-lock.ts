import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL advisory locks named by text. Each name maps to a pair of 32-bit keys, the first the same for every
 * lock of this product, so a name never collides with another application's locks on a shared server.
 */
const int32Of = (text: string) => createHash('sha256').update(text).digest().readInt32BE(0);
const NAMESPACE = int32Of('link-realestate advisory locks');

export function lockKeys(name: string): [number, number] {
  return [NAMESPACE, int32Of(name)];
}

/**
 * The connection that holds a process's try-locks (session-level locks: they end with the connection, so a
 * process that dies frees its jobs at once). One per database handle, opened on first use, apart from the
 * pool: a job holding a pooled connection for its whole run could leave none for its own queries.
 */
export class AdvisoryLockSession {
  private client: Promise<pg.Client> | null = null;
  /**
   * The session's statements, one at a time: the jobs that tick together at start would otherwise call
   * client.query() while another is running, which node-postgres queues but warns about (and pg 9 refuses).
   */
  private turn: Promise<unknown> = Promise.resolve();

  private inTurn<T>(statement: () => Promise<T>): Promise<T> {
    const result = this.turn.then(statement, statement);
    this.turn = result.catch(() => {});
    return result;
  }

  constructor(private readonly connectionString: string) {}

  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      // No statement timeout: the session only takes and gives back locks.
      const client = new pg.Client({ connectionString: this.connectionString, statement_timeout: 0 });
      // A lost connection has lost its locks; the next use opens a new one.
      client.on('error', () => {
        this.client = null;
      });
      client.on('end', () => {
        this.client = null;
      });
      await client.connect();
      return client;
    })().catch((err) => {
      this.client = null;
      throw err;
    });
    return this.client;
  }

  /** Takes the lock if no other session holds it; true when taken. */
  tryLock(name: string): Promise<boolean> {
    return this.inTurn(async () => {
      const client = await this.connection();
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        [...lockKeys(name)],
      );
      return rows[0]?.locked === true;
    });
  }

  unlock(name: string): Promise<void> {
    return this.inTurn(async () => {
      const client = await this.client?.catch(() => null);
      if (!client) return; // the connection is gone, and its locks with it
      await client.query('select pg_advisory_unlock($1, $2)', [...lockKeys(name)]);
    });
  }

  async close(): Promise<void> {
    const client = await this.client?.catch(() => null);
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * Runs `work` on a dedicated connection that holds the named lock, waiting for the lock as long as another
 * process holds it (the migrations: every process that starts waits for the one that migrates).
 */
export async function withBlockingLock<T>(
  connectionString: string,
  name: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString, statement_timeout: 0 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...lockKeys(name)]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [...lockKeys(name)]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
