import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExportFormatError, parseExport } from './extended-json';
import type { CollectionName } from './report';

const EXTENSIONS = /\.(json|jsonl|ndjson)$/i;

/**
 * The export's file for a collection: `users.json`, `users.jsonl`, or with the database name in front as
 * mongodump + bsondump name them (`agency.users.json`); matched case-insensitively (reportContacts.json).
 */
export async function findCollectionFile(dir: string, name: CollectionName): Promise<string | null> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    throw new ExportFormatError(`${dir}: no such export folder`);
  }
  const matches = entries.filter((file) => {
    const base = file.replace(EXTENSIONS, '').toLowerCase();
    return EXTENSIONS.test(file) && (base === name || base.endsWith(`.${name}`));
  });
  if (matches.length > 1)
    throw new ExportFormatError(`${dir}: more than one file for ${name}: ${matches.join(', ')}`);
  return matches[0] ? join(dir, matches[0]) : null;
}

/** The documents of a collection, or null when the export has no file for it. */
export async function readCollection(dir: string, name: CollectionName) {
  const file = await findCollectionFile(dir, name);
  if (!file) return null;
  return parseExport(await readFile(file, 'utf8'), file);
}
