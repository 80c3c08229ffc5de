import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, relative, sep } from 'node:path';

/** One stored file as a listing sees it. */
export type ListedObject = { key: string; size: number; modified: Date };

/** A stored file's bytes and the content type it was stored with. */
export type StoredObject = { body: Buffer; contentType: string };

/**
 * Where uploaded files live: the local disk (the embedded default) or an S3-compatible bucket (s3-storage.ts).
 * Keys are never rewritten with other bytes (each upload gets new keys), so every URL may be cached for ever.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes whole or not at all: a write that fails half-way leaves nothing visible under the key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  read(key: string): Promise<Buffer | undefined>;
  /** The stored bytes with their content type, or undefined when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Every stored file (under a key prefix, if given). */
  list(prefix?: string): Promise<ListedObject[]>;
  /** Public URL for a key: a path under /uploads/ served by the server, or the bucket's public URL. */
  url(key: string): string;
  /** The key a URL made by `url` (or a server /uploads/ path) names, or undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /** Fails with a message naming the setting when the storage cannot be used (checked at start). */
  check(): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

/** Keys under these folders are evidence (signed orders' signatures and PDFs): never served under /uploads/. */
export const PRIVATE_KEY_PREFIXES = ['orders/'] as const;

/** Whether a key may be served to anyone under /uploads/. */
export const isPublicKey = (key: string) => !PRIVATE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The content type of a stored file by its key's extension (local files keep no metadata of their own). */
export const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';

/** The key of a server /uploads/ path, or undefined. */
export function keyOfUploadsPath(url: string): string | undefined {
  if (!url.startsWith(UPLOADS_PREFIX)) return undefined;
  const key = url.slice(UPLOADS_PREFIX.length).split(/[?#]/)[0] ?? '';
  return key && !key.split('/').includes('..') ? key : undefined;
}

/** Files being written: renamed into place when whole, so a failed write leaves none under its key. */
const PARTIAL = '.partial-';

export class LocalStorage implements Storage {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    const safe = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');
    return join(this.root, safe);
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = join(dirname(path), `${PARTIAL}${randomUUID()}`);
    try {
      await writeFile(partial, body);
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return undefined;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const body = await this.read(key);
    return body && { body, contentType: contentTypeOfKey(key) };
  }

  async list(prefix = ''): Promise<ListedObject[]> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      },
    );
    const found: ListedObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith(PARTIAL)) continue;
      const path = join(entry.parentPath, entry.name);
      const key = relative(this.root, path).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info) found.push({ key, size: info.size, modified: info.mtime });
    }
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  url(key: string): string {
    return `${UPLOADS_PREFIX}${key}`;
  }

  keyOf(url: string): string | undefined {
    return keyOfUploadsPath(url);
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}
