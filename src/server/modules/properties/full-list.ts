import { Readable } from 'node:stream';
import { and, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import type { RateRule } from '../../lib/rate-limit';
import type { Storage } from '../../storage/storage';
import { selectPage, toProperty } from './queries';

/** Rows read and written per step: the server holds one batch at a time, whatever the number of listings. */
const BATCH = 500;

/**
 * Per client: the full list is the heaviest read there is (200 MB of JSON at 100,000 listings), so a visitor
 * cannot ask for it in a loop. Generous for the original client, which loads it once per page view.
 */
export const FULL_LIST_PER_IP: RateRule = { max: 30, windowMs: 15 * 60_000 };

/**
 * Every property, newest first, read in keyset-paginated batches (created_at, id) and written as they come:
 * `{"status":"success","data":{"data":[...]}}`, the contract's shape. Memory stays at one batch, and the
 * stream is pulled, so a slow client slows the reads instead of piling them up in the server.
 */
export function streamAllProperties(db: Database, storage: Storage): Readable {
  async function* chunks() {
    yield '{"status":"success","data":{"data":[';
    let cursor: { createdAt: string; id: string } | null = null;
    let first = true;
    for (;;) {
      const where = cursor
        ? and(
            sql`${properties.createdAt} <= ${cursor.createdAt}::timestamptz`,
            sql`(${properties.createdAt}, ${properties.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
          )
        : undefined;
      const page = await selectPage(db, {
        where: where ?? sql`true`,
        orderBy: [sql`${properties.createdAt} desc`, sql`${properties.id} desc`],
        limit: BATCH,
      });
      if (page.length === 0) break;
      const json = page.map((row) => JSON.stringify(toProperty(row, storage))).join(',');
      yield first ? json : `,${json}`;
      first = false;
      if (page.length < BATCH) break;
      const last = page.at(-1)!.row;
      // The timestamp as PostgreSQL prints it (microseconds), not a JS Date (milliseconds), so no row is
      // skipped or repeated at the edge of a batch.
      const [edge] = await db
        .select({ createdAt: sql<string>`${properties.createdAt}::text` })
        .from(properties)
        .where(sql`${properties.id} = ${last.id}`);
      cursor = { createdAt: edge?.createdAt ?? new Date(last.createdAt).toISOString(), id: last.id };
    }
    yield ']}}';
  }
  return Readable.from(chunks());
}
