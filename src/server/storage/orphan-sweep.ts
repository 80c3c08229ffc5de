import { isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agencySettings, propertyImages, users } from '../db/schema';
import { runOncePerPeriod } from '../lib/job-period';
import { mailPhotoKey } from '../modules/images';
import { shareImageKey, siteShareImageKey } from '../pages/share-image';

/**
 * Files are written before the row that names them is committed, so a failed request or a crash can leave
 * files no row names; deleted rows can leave some too. Only files older than this are swept: an upload
 * still in progress has its files but not yet its row.
 */
const ORPHAN_GRACE_MS = 6 * 3_600_000;

/** Every key that a row names: photo variants and their share images, user photos, the agency's media. */
async function referencedKeys(app: FastifyInstance): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (url: string) => {
    const key = app.storage.keyOf(url);
    if (key) keys.add(key);
  };
  const photos = await app.db
    .select({ id: propertyImages.id, variants: propertyImages.variants })
    .from(propertyImages);
  for (const photo of photos) {
    keys.add(shareImageKey(photo.id));
    for (const variant of photo.variants) {
      keys.add(variant.key);
      keys.add(mailPhotoKey(variant.key));
    }
  }
  const images = await app.db.select({ image: users.image }).from(users).where(isNotNull(users.image));
  for (const { image } of images) if (image) add(image);
  const settingsRows = await app.db.select({ data: agencySettings.data }).from(agencySettings);
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      add(value);
      keys.add(siteShareImageKey(value));
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const row of settingsRows) visit(row.data);
  return keys;
}

/**
 * The folders the app writes into: property photos, user photos, the agency's media, share images and photos'
 * JPEG twins for mail. Only
 * these are swept, so an object someone else put in the bucket (or in DATA_DIR/uploads) is never deleted.
 */
const SWEPT_PREFIXES = ['properties/', 'users/', 'media/', 'share/', 'mail-photos/'] as const;

/** Removes the stored files that no row names and that were written before `writtenBefore`; returns their keys. */
export async function sweepOrphans(app: FastifyInstance, writtenBefore: Date): Promise<string[]> {
  // Listed first, then the rows read: a file whose row commits in between is named by the rows.
  const stored = (await Promise.all(SWEPT_PREFIXES.map((prefix) => app.storage.list(prefix)))).flat();
  const referenced = await referencedKeys(app);
  const orphans = stored
    .filter((file) => file.modified < writtenBefore && !referenced.has(file.key))
    .map((file) => file.key);
  if (orphans.length) await app.storage.remove(orphans);
  return orphans;
}

const PERIOD_MS = 24 * 3_600_000;
/** How often each process asks whether today's sweep is due (the claim decides, see lib/job-period.ts). */
const TICK_MS = 15 * 60_000;

/** The sweep, if no process has run it in the last day. */
export function orphanSweepTick(app: FastifyInstance, now?: Date) {
  return runOncePerPeriod(
    app.dbHandle,
    'orphan-sweep',
    PERIOD_MS,
    () => sweepOrphans(app, new Date((now?.getTime() ?? Date.now()) - ORPHAN_GRACE_MS)),
    now,
  );
}

/** Sweeps once a day across every process: asks a minute after start and every few minutes; returns a function that stops it. */
export function startOrphanSweep(app: FastifyInstance): () => void {
  const run = () =>
    orphanSweepTick(app)
      .then((outcome) => {
        if (outcome.ran && outcome.value.length)
          app.log.info({ removed: outcome.value.length }, 'orphan files removed');
      })
      .catch((err) => app.log.warn({ err }, 'orphan sweep failed'));
  const first = setTimeout(run, 60_000);
  first.unref();
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
