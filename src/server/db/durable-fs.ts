import fs from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenStream = { nfd?: number };
type PostgresModule = { NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } } };
type InitOptions = Parameters<NodeFS['init']>[1];

/**
 * PGlite's Node filesystem (Emscripten's NODEFS) has no fsync: PostgreSQL's fsync() calls reach
 * `stream_ops.fsync`, which NODEFS leaves undefined, so they return without flushing anything. This
 * filesystem adds it, so every fsync PostgreSQL issues (the WAL at each commit, data files at each
 * checkpoint, directories after renames) becomes a real fsync of the file on disk.
 * See docs/decisions/0008-embedded-database-durability.md for what this does and does not guarantee.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: InitOptions) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun as unknown[];
    preRun.push((mod: PostgresModule) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
        return 0;
      };
    });
    return result;
  }
}

/**
 * PostgreSQL's settings that make its own fsync calls happen: PGlite starts with `-F` (fsync off) by
 * default, and the default WAL method (fdatasync) is a no-op in PGlite's Emscripten runtime, while
 * fsync() reaches the filesystem above.
 */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
}

/** fsyncs every file and directory under `dir` (a new data directory, a restored one, a backup folder). */
export function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

export function fsyncPath(path: string): void {
  const fd = fs.openSync(path, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
