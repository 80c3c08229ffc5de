import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { isPublicKey, type Storage } from '../../storage/storage';

/**
 * Photos in mail are JPEG: the stored variants are WebP, which Outlook for Windows does not show. A mail links a
 * stored photo's JPEG twin under /mail-photos/; the first request makes it from the WebP variant and stores it,
 * later ones read the stored copy. Mail clients load the picture from another origin (or through their own
 * proxy), so it is served with `Cross-Origin-Resource-Policy: cross-origin` (decision 0056).
 */
const MAIL_PHOTOS_PREFIX = '/mail-photos/';
const CACHE_FOLDER = 'mail-photos/';
const JPEG_QUALITY = 80;
/** A property photo variant's key as the image pipeline writes it: `properties/<uuid>/<uuid>-<width>.webp`. */
const VARIANT_KEY = /^properties\/[0-9a-f-]{36}\/[0-9a-f-]{36}-\d{2,4}\.webp$/;

/** The mail URL path of a stored WebP variant's key, or undefined for a key that is not one. */
export function mailPhotoPath(key: string): string | undefined {
  if (!VARIANT_KEY.test(key) || !isPublicKey(key)) return undefined;
  return `${MAIL_PHOTOS_PREFIX}${key.replace(/\.webp$/, '.jpg')}`;
}

/** Where a variant's JPEG twin is kept once made: removed with the photo (properties' image removal). */
export const mailPhotoKey = (variantKey: string) => `${CACHE_FOLDER}${variantKey.replace(/\.webp$/, '.jpg')}`;

/** The WebP key a /mail-photos/ path names, or undefined. */
function variantKeyOf(path: string): string | undefined {
  if (!path.startsWith(MAIL_PHOTOS_PREFIX) || !path.endsWith('.jpg')) return undefined;
  const key = `${path.slice(MAIL_PHOTOS_PREFIX.length, -'.jpg'.length)}.webp`;
  return VARIANT_KEY.test(key) && isPublicKey(key) ? key : undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /mail-photos/<folder>/<id>-<width>.jpg: the JPEG twin of a stored photo. */
export async function mailPhotoRoutes(app: FastifyInstance, opts: { storage: Storage }) {
  const { storage } = opts;
  app.get('/mail-photos/*', async (request, reply) => {
    const key = variantKeyOf(request.url.split(/[?#]/)[0]!);
    const notFound = () =>
      reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('לא נמצא');
    if (!key) return notFound();
    const cacheKey = mailPhotoKey(key);
    let jpeg = await storage.read(cacheKey);
    if (!jpeg) {
      const webp = await storage.read(key);
      if (!webp) return notFound();
      jpeg = await sharp(webp)
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer();
      await storage.put(cacheKey, jpeg, 'image/jpeg');
    }
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', IMMUTABLE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(jpeg);
  });
}
