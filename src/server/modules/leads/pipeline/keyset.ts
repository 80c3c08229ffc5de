import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { leads } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';

/**
 * Keyset pages of leads (docs/decisions/0039-lists-by-keyset.md). A list is ordered by a timestamp descending
 * with the id as its tie-breaker; a page starts right after (`next`) or right before (`prev`) the row its
 * cursor names, so a page costs one index range whatever its depth, and rows inserted or changed between two
 * reads never make a page skip or repeat a row that stayed in place.
 */
export type Direction = 'next' | 'prev';
export type Cursor = { dir: Direction; at: string; id: string };

/** The timestamp exactly as stored (microseconds, UTC): a JS Date would round it to milliseconds. */
export const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(`${cursor.dir === 'next' ? 'n' : 'p'}|${cursor.at}|${cursor.id}`).toString('base64url');

/** The cursor a list gave, or 400 with the field's Hebrew message for anything else. */
export function decodeCursor(token: string): Cursor {
  const [dir, at, id, ...rest] = Buffer.from(token, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || (dir !== 'n' && dir !== 'p') || !TIME.test(at ?? '') || !UUID.test(id ?? ''))
    throw badRequest(PIPELINE_MESSAGES.badCursor, { cursor: PIPELINE_MESSAGES.badCursor });
  return { dir: dir === 'n' ? 'next' : 'prev', at: at!, id: id! };
}

/** The rows after the cursor in its direction: older ones for `next`, newer ones for `prev`. */
export function beyond(column: PgColumn, cursor: Cursor): SQL {
  return cursor.dir === 'next'
    ? sql`(${column}, ${leads.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${column}, ${leads.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The order to read in: the list's own (newest first) going forward, its reverse going back. */
export const readOrder = (column: PgColumn, dir: Direction): SQL[] =>
  dir === 'next' ? [sql`${column} desc`, sql`${leads.id} desc`] : [sql`${column} asc`, sql`${leads.id} asc`];

/**
 * A page from rows read in `dir` order, `limit + 1` of them (the extra one says whether there is more that
 * way): the rows in the list's order and the cursors of the pages after and before it.
 */
export function pageOf<T extends { key: { at: string; id: string } }>(
  read: T[],
  limit: number,
  cursor: Cursor | undefined,
): { rows: T[]; nextCursor: string | null; prevCursor: string | null } {
  const more = read.length > limit;
  const taken = read.slice(0, limit);
  const dir = cursor?.dir ?? 'next';
  const rows = dir === 'next' ? taken : taken.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  // Forward: more after this page when the extra row came; something before it when a cursor led here.
  // Back: the reverse. An empty page (its rows gone meanwhile) points back to where it was asked from.
  const hasNext = dir === 'next' ? more : true;
  const hasPrev = dir === 'next' ? cursor !== undefined : more;
  const edge = (row: T | undefined, to: Direction) =>
    row ? encodeCursor({ dir: to, ...row.key }) : cursor ? encodeCursor({ ...cursor, dir: to }) : null;
  return {
    rows,
    nextCursor: hasNext ? edge(last, 'next') : null,
    prevCursor: hasPrev ? edge(first, 'prev') : null,
  };
}
