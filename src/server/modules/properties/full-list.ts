import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import type { RateRule } from '../../lib/rate-limit';
import { bodyEtag } from '../../plugins/etag';
import type { Storage } from '../../storage/storage';
import { publicView } from './public-address';
import { selectPage, toProperty } from './queries';

/** Rows read and written per step: the server holds one batch at a time, whatever the number of listings. */
const BATCH = 500;

/**
 * Per client: the full list is the heaviest read there is (200 MB of JSON at 100,000 listings), so a visitor
 * cannot ask for it in a loop. Generous for the original client, which loads it once per page view.
 */
export const FULL_LIST_PER_IP: RateRule = { max: 30, windowMs: 15 * 60_000 };

/** Which properties a full list holds and its order: a timestamp descending, then the id. */
type FullList = {
  where?: SQL;
  at: typeof properties.createdAt | typeof properties.updatedAt;
  id: 'asc' | 'desc';
};

/** The contract's every property (`GET /property`): newest first. */
export const ALL_PROPERTIES: FullList = { at: properties.createdAt, id: 'desc' };
/** The contract's sold ones (`GET /property/sold`): sold sales and rented rentals, most recently changed first. */
export const SOLD_PROPERTIES: FullList = {
  where: eq(properties.sold, true),
  at: properties.updatedAt,
  id: 'asc',
};

/**
 * The properties of a full list, read in keyset-paginated batches (its timestamp, id) and written as they
 * come: `{"status":"success","data":{"data":[...]}}`, the contract's shape. Memory stays at one batch, and
 * the stream is pulled, so a slow client slows the reads instead of piling them up in the server.
 */
export function streamAllProperties(
  db: Database,
  storage: Storage,
  list: FullList = ALL_PROPERTIES,
): Readable {
  const { at } = list;
  const after = (cursor: { at: string; id: string }) =>
    list.id === 'desc'
      ? and(
          sql`${at} <= ${cursor.at}::timestamptz`,
          sql`(${at}, ${properties.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
        )
      : sql`(${at} < ${cursor.at}::timestamptz or (${at} = ${cursor.at}::timestamptz and ${properties.id} > ${cursor.id}::uuid))`;
  async function* chunks() {
    const view = await publicView(db);
    yield '{"status":"success","data":{"data":[';
    let cursor: { at: string; id: string } | null = null;
    let first = true;
    for (;;) {
      const where = and(list.where, cursor ? after(cursor) : undefined);
      const page = await selectPage(db, {
        where: where ?? sql`true`,
        orderBy: [sql`${at} desc`, list.id === 'desc' ? sql`${properties.id} desc` : sql`${properties.id}`],
        limit: BATCH,
      });
      if (page.length === 0) break;
      const json = page.map((row) => JSON.stringify(view(toProperty(row, storage)))).join(',');
      yield first ? json : `,${json}`;
      first = false;
      if (page.length < BATCH) break;
      const last = page.at(-1)!.row;
      // The timestamp as PostgreSQL prints it (microseconds), not a JS Date (milliseconds), so no row is
      // skipped or repeated at the edge of a batch.
      const [edge] = await db
        .select({ at: sql<string>`${at}::text` })
        .from(properties)
        .where(sql`${properties.id} = ${last.id}`);
      const lastAt = at === properties.createdAt ? last.createdAt : last.updatedAt;
      cursor = { at: edge?.at ?? new Date(lastAt).toISOString(), id: last.id };
    }
    yield ']}}';
  }
  return Readable.from(chunks());
}

/** The sold list as sent: its bytes, their strong ETag, and their brotli and gzip forms. */
export type SoldListBody = { etag: string; body: Buffer; br: Buffer; gzip: Buffer };

/**
 * Compressed once per change of the list, off the event loop (zlib's thread pool): a higher level than an
 * answer made per request can afford, since every caller until the next write is sent these bytes.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The whole sold list (`GET /property/sold`) built once: read in batches as the stream does, kept as one body
 * with its compressed forms (docs/decisions/0039-lists-by-keyset.md). The route serves it to every caller
 * until a write changes a listing, an agent or a branch (properties/read-cache.ts, `soldList`).
 */
export async function buildSoldList(db: Database, storage: Storage): Promise<SoldListBody> {
  const parts: Buffer[] = [];
  for await (const chunk of streamAllProperties(db, storage, SOLD_PROPERTIES)) parts.push(Buffer.from(chunk));
  const body = Buffer.concat(parts);
  const [br, gzipped] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: GZIP_LEVEL }),
  ]);
  return { etag: bodyEtag(body, true), body, br, gzip: gzipped };
}
