import type { Database } from '../../db/client';
import type { ImageContext } from './images';
import type { MappedUser } from './map-user';
import { type CollectionName, RecordNotes, type Skipped } from './report';
import { readCollection } from './source';
import { legacyIdOf } from './values';

export type ImportContext = ImageContext & {
  tx: Database;
  dir: string;
  /** Legacy user `_id` -> our user id, for users of this run and of earlier runs. */
  userIds: Map<string, string>;
  /** Users of this run without a usable password hash. */
  passwordless: MappedUser[];
  /** With --update-roles, existing accounts take the export's role and company role; else they keep theirs. */
  updateRoles: boolean;
  /** With --update-profiles, existing accounts take the export's name, e-mail, phone and about text. */
  updateProfiles: boolean;
};

/**
 * Reads a collection and hands each document with a usable, unique `_id` to `each` (with its notes);
 * documents without one are counted as skipped. Returns false when the export has no file for it.
 */
export async function forEachDocument(
  ctx: ImportContext,
  name: CollectionName,
  each: (doc: Record<string, unknown>, notes: RecordNotes) => void | Promise<void>,
): Promise<boolean> {
  const docs = await readCollection(ctx.dir, name);
  const counts = ctx.report.collections[name];
  if (!docs) return false;
  counts.present = true;
  counts.read = docs.length;
  const seen = new Set<string>();
  for (const doc of docs) {
    const legacyId = legacyIdOf(doc);
    if (!legacyId) {
      counts.skipped.push({ legacyId: null, reason: 'no _id' });
      continue;
    }
    if (seen.has(legacyId)) {
      counts.skipped.push({ legacyId, reason: 'duplicate _id in the export' });
      continue;
    }
    seen.add(legacyId);
    await each(doc, new RecordNotes(ctx.report, name, legacyId));
  }
  return true;
}

/** A skipped record with its reason, marked `invalid` when the API's rules refuse it. */
export const skipOf = (legacyId: string, failure: { reason: string; invalid?: boolean }): Skipped =>
  failure.invalid
    ? { legacyId, reason: failure.reason, invalid: true }
    : { legacyId, reason: failure.reason };

/** Counts an upsert's returned rows as imported (new) or updated. */
export function countUpserts(ctx: ImportContext, name: CollectionName, rows: { inserted: boolean }[]) {
  const counts = ctx.report.collections[name];
  for (const row of rows) {
    if (row.inserted) counts.imported++;
    else counts.updated++;
  }
}

export function chunks<T>(list: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
