import { createHash } from 'node:crypto';
import type { S3Storage } from './s3-storage';
import { contentTypeOfKey, type LocalStorage } from './storage';

type MigrationReport = { copied: string[]; alreadyThere: string[]; total: number };

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every file of the local storage into the bucket under the same key (so stored /uploads/ URLs keep
 * working, served from the bucket), with its content type. A file already in the bucket with the same size and
 * MD5 is left; any other is written and read back, its size and SHA-256 compared. Safe to re-run after an
 * interruption: a run ends in the state of one clean run. The local files are left in place.
 */
export async function migrateToBucket(
  source: LocalStorage,
  target: S3Storage,
  log: (line: string) => void = () => {},
): Promise<MigrationReport> {
  const files = await source.list();
  const report: MigrationReport = { copied: [], alreadyThere: [], total: files.length };
  for (const file of files) {
    const bytes = await source.read(file.key);
    if (!bytes) continue; // removed since it was listed
    const existing = await target.stat(file.key);
    if (existing && existing.size === bytes.length && existing.etag === md5(bytes)) {
      report.alreadyThere.push(file.key);
      continue;
    }
    await target.put(file.key, bytes, contentTypeOfKey(file.key));
    const stored = await target.read(file.key);
    if (!stored || stored.length !== bytes.length || sha256(stored) !== sha256(bytes)) {
      throw new Error(`${file.key}: the copy in the bucket does not match the local file (size or checksum)`);
    }
    report.copied.push(file.key);
    log(`copied ${file.key} (${bytes.length} bytes, verified)`);
  }
  return report;
}
