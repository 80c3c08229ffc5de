import { createHash } from 'node:crypto';
import type { Photo } from '@shared/schemas/property';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { type ImageVariant, propertyImages } from '../db/schema';
import type { Storage } from '../storage/storage';

/** The size link previews show best (Open Graph's large card), as a JPEG that WhatsApp accepts. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;
/** WhatsApp skips preview images over 300 KB. */
export const SHARE_IMAGE_MAX_BYTES = 300 * 1024;

/** A 1200x630 JPEG cut from the image, under the size limit (lower quality until it fits). */
export async function toShareJpeg(input: Buffer): Promise<Buffer> {
  const cropped = sharp(input, { failOn: 'error' })
    .rotate()
    .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' });
  for (const quality of [82, 70, 55, 40]) {
    const jpeg = await cropped.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= SHARE_IMAGE_MAX_BYTES) return jpeg;
  }
  return cropped.jpeg({ quality: 30, mozjpeg: true }).toBuffer();
}

const inFlight = new Map<string, Promise<string | undefined>>();
/**
 * Share images known to be stored, so a page render does not read one back to learn that it exists. A key
 * names one source for good (a photo's id, a site image's URL), so a known key stays valid; bounded.
 */
const stored = new Set<string>();
const MAX_KNOWN = 50_000;
const noteStored = (key: string) => {
  if (stored.size >= MAX_KNOWN) stored.clear();
  stored.add(key);
  unreadable.delete(key);
};
/**
 * Property photos' share images whose source could not be read (a photo whose file is gone), by when: a
 * property page does not look for the image and its source in storage again on every visit, only after a
 * while (a photo's files never change under its id). Bounded.
 */
const unreadable = new Map<string, number>();
const RETRY_UNREADABLE_MS = 10 * 60_000;
const noteUnreadable = (key: string) => {
  if (unreadable.size >= MAX_KNOWN) unreadable.clear();
  unreadable.set(key, Date.now());
};
const knownUnreadable = (key: string) => {
  const since = unreadable.get(key);
  return since !== undefined && Date.now() - since < RETRY_UNREADABLE_MS;
};

/**
 * The storage key of the share image made from `source`, made on first use and kept under `key` (photos
 * uploaded before this existed get theirs the first time their page is rendered). Undefined when the source
 * cannot be read.
 */
export function ensureShareImage(
  storage: Storage,
  key: string,
  readSource: () => Promise<Buffer | undefined>,
): Promise<string | undefined> {
  if (stored.has(key)) return Promise.resolve(key);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const work = (async () => {
    if (await storage.read(key)) {
      noteStored(key);
      return key;
    }
    const source = await readSource();
    if (!source) return undefined;
    await storage.put(key, await toShareJpeg(source), SHARE_IMAGE.type);
    noteStored(key);
    return key;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

/** Where the share image of a property photo is kept; removed with the photo (and with its property). */
export const shareImageKey = (photoId: string) => `share/${photoId}-1200x630.jpg`;

/** The share image of a property photo, from its largest stored variant. */
export function ensurePhotoShareImage(storage: Storage, photo: { id: string; variants: ImageVariant[] }) {
  const largest = [...photo.variants].sort((a, b) => b.width - a.width)[0];
  if (!largest) return Promise.resolve(undefined);
  return ensureShareImage(storage, shareImageKey(photo.id), () => storage.read(largest.key));
}

/**
 * The share image of a property's cover photo as the property's answer has it (variant URLs), made if it is not
 * yet: its key, if any. Known images cost no read of the database or of storage.
 */
export function ensureCoverPhotoShareImage(storage: Storage, photo: Photo) {
  const largest = [...photo.variants].sort((a, b) => b.width - a.width)[0];
  const source = largest && storage.keyOf(largest.url);
  const key = shareImageKey(photo._id);
  if (!source || knownUnreadable(key)) return Promise.resolve(undefined);
  return ensureShareImage(storage, key, async () => {
    const bytes = await storage.read(source);
    if (!bytes) noteUnreadable(key);
    return bytes;
  });
}

/** The share image of a property's cover (its first photo), made if it is not yet: its key, if any. */
export async function ensureCoverShareImage(db: Database, storage: Storage, propertyId: string) {
  const [photo] = await db
    .select({ id: propertyImages.id, variants: propertyImages.variants })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position))
    .limit(1);
  if (!photo) return undefined;
  // Made after a write: its source is looked for again, however recently it could not be read.
  unreadable.delete(shareImageKey(photo.id));
  return ensurePhotoShareImage(storage, photo);
}

/** Where the share image of a site image (by its URL) is kept. */
export const siteShareImageKey = (url: string) =>
  `share/site-${createHash('sha1').update(url).digest('hex').slice(0, 16)}-1200x630.jpg`;

/** The share image of any site image (the home poster), keyed by its URL so a new poster gets a new one. */
export function ensureSiteShareImage(
  storage: Storage,
  url: string,
  readSource: () => Promise<Buffer | undefined>,
) {
  return ensureShareImage(storage, siteShareImageKey(url), readSource);
}
