import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { openDatabase } from './client';
import { fsyncPath } from './durable-fs';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export type BackupInfo = { name: string; path: string; size: number; createdAt: Date };

const BACKUP_NAME = /^pglite-\d{8}T\d{6}\d{3}Z\.tar\.gz$/;

/** Backups of the embedded database, newest first. */
export function listBackups(dir: string): BackupInfo[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .map((name) => {
      const path = join(dir, name);
      const stat = statSync(path);
      return { name, path, size: stat.size, createdAt: stat.mtime };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * An online backup of the embedded database: a checkpoint, then PGlite's dump of the data directory, taken
 * while no statement runs (PGlite's query lock), so it is what a crash at that instant would leave, which
 * PostgreSQL recovers to the last commit. Written to a temporary name, fsynced, renamed, the folder fsynced;
 * then all but the newest `keep` backups are removed.
 */
export async function createBackup(handle: DatabaseHandle, dir: string, keep: number): Promise<BackupInfo> {
  if (handle.kind !== 'pglite' || !handle.dump) {
    throw new Error('backups here are of the embedded database; on PostgreSQL use pg_dump');
  }
  mkdirSync(dir, { recursive: true });
  await handle.db.execute(sql`checkpoint`);
  // Node's native gzip, much faster than PGlite's own compression in JavaScript.
  const tarball = await gzip(Buffer.from(await (await handle.dump('none')).arrayBuffer()));
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const name = `pglite-${stamp}.tar.gz`;
  const tmp = join(dir, `.${name}.tmp`);
  writeFileSync(tmp, tarball);
  fsyncPath(tmp);
  renameSync(tmp, join(dir, name));
  for (const old of listBackups(dir).slice(Math.max(1, keep))) unlinkSync(old.path);
  fsyncPath(dir);
  return listBackups(dir).find((b) => b.name === name)!;
}

/** The most a backup may unpack to by default (1 GiB): an agency's database is tens of megabytes. */
export const MAX_UNPACKED_BYTES = 1024 ** 3;

/**
 * Unpacks a backup, stopping as soon as it grows past `maxBytes`: a gzip bomb (a small file that unpacks to
 * gigabytes) fails fast, holding no more than the cap in memory.
 */
export async function unpackBackup(
  file: string,
  maxBytes = MAX_UNPACKED_BYTES,
): Promise<Buffer<ArrayBuffer>> {
  try {
    // zlib answers a fresh buffer of its own (never a shared one): typed as such for Blob.
    return (await gunzip(readFileSync(resolve(file)), { maxOutputLength: maxBytes })) as Buffer<ArrayBuffer>;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error(
        `${file} unpacks to more than ${Math.round(maxBytes / 1024 ** 2)} MB, more than any backup of this ` +
          'app: not restored (raise the cap with --max-unpacked-mb if the database really is that large)',
      );
    throw err;
  }
}

/**
 * Replaces the embedded database of `dataDir` with a backup (the server must be stopped). The current data
 * directory is kept beside it as `pglite.before-restore-<time>`, never deleted. The backup is unpacked (up to
 * `maxUnpackedBytes`) before anything is touched.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  { maxUnpackedBytes = MAX_UNPACKED_BYTES } = {},
): Promise<{ keptAs: string | null }> {
  const tarball = new Blob([await unpackBackup(file, maxUnpackedBytes)]);
  const current = resolve(dataDir, 'pglite');
  let keptAs: string | null = null;
  if (existsSync(current)) {
    keptAs = `${current}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    renameSync(current, keptAs);
    fsyncPath(resolve(dataDir));
  }
  try {
    // A new data directory loaded from the tarball: openDatabase checkpoints and fsyncs it.
    const handle = await openDatabase({ dataDir, loadDataDir: tarball });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (err) {
    // A broken file must not leave the agency without its database: put the previous one back.
    rmSync(current, { recursive: true, force: true });
    if (keptAs) renameSync(keptAs, current);
    throw err;
  }
  return { keptAs };
}
