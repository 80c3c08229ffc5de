import { DECIMAL_TEXT } from '@shared/schemas/common';
import { MAX_IMAGES_PER_PROPERTY, PROPERTY_MESSAGES } from '@shared/schemas/property';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { refuseUnsafeFields } from '../../lib/unsafe-input';
import { uploadError } from '../../lib/uploads';
import type { Storage } from '../../storage/storage';
import { type ProcessedImage, processImage } from '../images';

export type FormFields = Record<string, string | string[]>;
const IMAGE_FIELDS = new Set(['images', 'image', 'images[]', 'photos']);

export const tooManyImages = () => new AppError(413, 'TOO_LARGE', PROPERTY_MESSAGES.tooManyImages);

/**
 * Reads a multipart request: scalar fields, repeated fields as lists, and image files, each processed
 * as it arrives so only one upload is held in memory. On any failure the files already stored are
 * removed, so a refused request leaves nothing behind.
 */
export async function readPropertyForm(
  request: FastifyRequest,
  storage: Storage,
  folder: string,
  maxImages = MAX_IMAGES_PER_PROPERTY,
): Promise<{ fields: FormFields; images: ProcessedImage[] }> {
  const fields: FormFields = {};
  const images: ProcessedImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!IMAGE_FIELDS.has(part.fieldname)) {
          await part.toBuffer();
          continue;
        }
        if (images.length >= maxImages) throw tooManyImages();
        // toBuffer throws 413 when the file passes the per-file cap (15 MB).
        const buffer = await part.toBuffer();
        images.push(await processImage(storage, buffer, folder));
        continue;
      }
      const key = part.fieldname.replace(/\[\]$/, '');
      const value = String(part.value ?? '');
      const previous = fields[key];
      if (previous === undefined) fields[key] = part.fieldname.endsWith('[]') ? [value] : value;
      else fields[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    refuseUnsafeFields(fields);
  } catch (err) {
    await storage.remove(images.flatMap((image) => image.variants.map((v) => v.key)));
    throw uploadError(err);
  }
  return { fields, images };
}

const BOOLEAN_FIELDS = ['sold', 'pinuy_binuy', 'exclusive'];
const NUMBER_FIELDS = ['price', 'rooms', 'size', 'buildingFloors', 'lat', 'lng'];
const TRUE = new Set(['true', 'on', '1', 'yes']);
const FALSE = new Set(['false', 'off', '0', 'no']);

/**
 * Multipart sends everything as text: turns 'true' / '3.5' back into booleans and numbers (anything
 * else is left as text so validation answers with its Hebrew message), lists into arrays, lat and lng into
 * the location, and leaves empty values out, as the creation form does.
 */
export function typedFields(fields: FormFields): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    if (key === 'features') {
      const list = (Array.isArray(raw) ? raw : [raw]).flatMap(splitList).filter((v) => v.trim() !== '');
      typed[key] = list;
      continue;
    }
    const value = Array.isArray(raw) ? raw.at(-1)! : raw;
    if (value.trim() === '') continue;
    if (BOOLEAN_FIELDS.includes(key)) {
      const lower = value.trim().toLowerCase();
      typed[key] = TRUE.has(lower) ? true : FALSE.has(lower) ? false : value;
    } else if (NUMBER_FIELDS.includes(key)) {
      typed[key] = DECIMAL_TEXT.test(value.trim()) ? Number(value) : value;
    } else typed[key] = value;
  }
  // The point comes as two fields, lat and lng (degrees); either alone is refused by the schema's message.
  if ('lat' in typed || 'lng' in typed) {
    typed.location = { lat: typed.lat, lng: typed.lng };
    delete typed.lat;
    delete typed.lng;
  }
  return typed;
}

/** A list may also come as one JSON array field. */
function splitList(value: string): string[] {
  if (value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON: a feature name that starts with '['
    }
  }
  return [value];
}
