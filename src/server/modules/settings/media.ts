import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { fileTooLargeMessage } from '@shared/schemas/common';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors';
import { readUpload, uploadError } from '../../lib/uploads';
import type { Storage } from '../../storage/storage';
import { processImage } from '../images';

/** Home page videos: about a minute of good-quality video fits; larger files belong on a video host. */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
const VIDEO_TYPES = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);

export const MEDIA_KINDS = ['video', 'image'] as const;

const noFile = () => badRequest('יש לבחור קובץ', { file: 'יש לבחור קובץ' });

/** Stores an uploaded video (mp4 or webm, judged by its bytes, not its name) and returns its URL. */
export async function storeVideo(storage: Storage, file: MultipartFile): Promise<string> {
  const bytes = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'TOO_LARGE', fileTooLargeMessage(MAX_VIDEO_BYTES));
    throw uploadError(err);
  });
  if (bytes.length === 0) throw noFile();
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && VIDEO_TYPES.get(type.mime);
  if (!ext) throw new AppError(415, 'UNSUPPORTED_MEDIA', 'הקובץ אינו סרטון נתמך (MP4 או WebM)');
  const key = `media/${randomUUID()}.${ext}`;
  await storage.put(key, bytes, type.mime);
  return storage.url(key);
}

/** Stores an uploaded picture through the image pipeline (EXIF stripped, WebP) and returns the full-size URL. */
export async function storeImage(storage: Storage, file: MultipartFile): Promise<string> {
  const bytes = await readUpload(() => file.toBuffer());
  if (bytes.length === 0) throw noFile();
  const image = await processImage(storage, bytes, 'media');
  return storage.url(image.variants.at(-1)!.key);
}

export { noFile };
