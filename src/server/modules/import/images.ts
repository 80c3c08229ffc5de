import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { type ProcessedImage, processImage } from '../images';
import type { ImportReport } from './report';

export type ImageContext = {
  imagesFrom: string | undefined;
  storage: Storage;
  dryRun: boolean;
  report: ImportReport;
  /** Storage keys written by this run, removed again if the transaction does not commit. */
  written: string[];
};

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith('/');
};

/**
 * The file a record names, looked up under --images-from by its path and then by its bare name, as its real
 * path: a symbolic link is followed only when its target is inside the folder too ('outside' otherwise).
 */
async function locate(root: string, name: string): Promise<string | 'outside' | null> {
  const base = resolve(root);
  const realBase = await realpath(base);
  const candidates = [resolve(base, name.replace(/^\/+/, '')), join(base, basename(name))];
  for (const path of candidates) {
    if (!inside(base, path)) continue;
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    const real = await realpath(path);
    return inside(realBase, real) ? real : 'outside';
  }
  return null;
}

/**
 * Runs one named file through the image pipeline (bytes checked, EXIF stripped, WebP variants) into `folder`.
 * Null when it cannot: no --images-from, not found, or not an image; the report says which.
 */
export async function importImageFile(
  ctx: ImageContext,
  name: string,
  folder: string,
): Promise<ProcessedImage | null> {
  if (!ctx.imagesFrom) {
    ctx.report.images.notRequested++;
    return null;
  }
  const path = await locate(ctx.imagesFrom, name);
  if (!path) {
    ctx.report.images.missing.push(name);
    return null;
  }
  if (path === 'outside') {
    ctx.report.images.rejected.push({ name, reason: 'a symbolic link to a file outside --images-from' });
    return null;
  }
  if (ctx.dryRun) {
    ctx.report.images.processed++;
    return null;
  }
  try {
    const image = await processImage(ctx.storage, await readFile(path), folder);
    ctx.written.push(...image.variants.map((v) => v.key));
    ctx.report.images.processed++;
    return image;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.report.images.rejected.push({
      name,
      reason: err.code === 'TOO_LARGE' ? 'image dimensions too large' : 'not a supported image',
    });
    return null;
  }
}
