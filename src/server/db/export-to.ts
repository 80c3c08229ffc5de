import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client';

export type TableCount = { table: string; rows: number };

/** The copy refused or undone for a reason the operator can act on: printed as a sentence, without a stack. */
export class ExportRefused extends Error {
  override name = 'ExportRefused';
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rowsOf<R>(handle: DatabaseHandle, query: string): Promise<R[]> {
  return ((await handle.db.execute(sql.raw(query))) as unknown as { rows: R[] }).rows;
}

/**
 * Copies every table of the embedded database into an empty PostgreSQL database: the target is migrated to the
 * same schema first, then every row goes in within one transaction (triggers and foreign keys held back with
 * `session_replication_role = replica`, as pg_restore does, so rows are copied as they are, in any order;
 * what the migrations put in, such as default settings, is replaced),
 * sequences are carried over, and the row counts of every table are compared before the commit. Anything wrong
 * rolls the whole copy back, so an interrupted or failed run can simply be run again.
 */
export async function exportTo(
  source: DatabaseHandle,
  targetUrl: string,
  log: (line: string) => void = () => {},
): Promise<TableCount[]> {
  const target = await openDatabase({ databaseUrl: targetUrl, poolSize: 1 });
  try {
    await target.migrate();
  } finally {
    await target.close();
  }
  const tables = (
    await rowsOf<{ name: string }>(
      source,
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((t) => t.name);
  const sequences = await rowsOf<{ name: string; value: string | null }>(
    source,
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );

  const client = new pg.Client({ connectionString: targetUrl });
  // A connection the database ends while the copy reads the embedded database (a restart, a lost network) fails
  // the run with the database's reason at the next statement, instead of an 'error' event no one listens to.
  let lost: Error | undefined;
  client.on('error', (err) => {
    lost ??= err;
  });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    // Empty: no users yet (every agency has some). Rows the migrations themselves put in (default settings) are
    // replaced by the embedded database's.
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
    if (rows[0]!.n > 0) {
      throw new ExportRefused(
        `the target database is not empty: it has ${rows[0]!.n} users (export into an empty one)`,
      );
    }
    await client.query(`truncate ${tables.map(ident).join(', ')}`);
    const counts: TableCount[] = [];
    for (const table of tables) {
      const [data] = await rowsOf<{ json: string }>(
        source,
        `select coalesce(json_agg(t), '[]')::text as json from ${ident(table)} t`,
      );
      // Every column but the generated ones (the database computes those again, and refuses a value for them).
      const columns = (
        await client.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
           order by ordinal_position`,
          [table],
        )
      ).rows
        .map((c) => ident(c.name))
        .join(', ');
      await client.query(
        `insert into ${ident(table)} (${columns})
         select ${columns} from json_populate_recordset(null::${ident(table)}, $1::json)`,
        [data!.json],
      );
      const n = (await rowsOf<{ n: number }>(source, `select count(*)::int as n from ${ident(table)}`))[0]!.n;
      const copied = (await client.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`))
        .rows[0]!.n;
      if (copied !== n)
        throw new ExportRefused(`${table}: ${n} rows in the embedded database, ${copied} copied`);
      counts.push({ table, rows: n });
      log(`${table}: ${n} rows`);
    }
    for (const sequence of sequences) {
      if (sequence.value !== null) {
        await client.query('select setval($1::regclass, $2::bigint, true)', [
          ident(sequence.name),
          sequence.value,
        ]);
      }
    }
    await client.query('commit');
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw lost ?? err;
  } finally {
    await client.end();
  }
}
