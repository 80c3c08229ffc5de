import { MAX_IMAGES_PER_PROPERTY, PROPERTY_MESSAGES } from '@shared/schemas/property';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { propertyImages } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { shareImageKey } from '../../pages/share-image';
import type { SessionUser } from '../../plugins/session';
import type { Storage } from '../../storage/storage';
import { mailPhotoKey, type ProcessedImage } from '../images';
import { readPropertyForm, tooManyImages, typedFields } from './multipart';
import { createProperty, findPropertyRow, imageFolder, newPropertyId } from './service';

const keysOf = (images: Pick<ProcessedImage, 'variants'>[]) =>
  images.flatMap((image) => image.variants.map((v) => v.key));

/** POST /property: reads the multipart form, stores the images, creates the property; returns its id. */
export async function createFromForm(
  db: Database,
  storage: Storage,
  request: FastifyRequest,
  actor: SessionUser,
) {
  const id = newPropertyId();
  const { fields, images } = await readPropertyForm(request, storage, imageFolder(id));
  try {
    await createProperty(db, actor, id, typedFields(fields), images);
  } catch (err) {
    await storage.remove(keysOf(images));
    throw err;
  }
  return id;
}

async function imageIds(db: Database, propertyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: propertyImages.id })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position));
  return rows.map((r) => r.id);
}

/** Appends uploaded images to an existing property, keeping the total at most 30. */
export async function addImages(
  db: Database,
  storage: Storage,
  request: FastifyRequest,
  actor: SessionUser,
  id: string,
) {
  await findPropertyRow(db, id);
  const before = await imageIds(db, id);
  const room = MAX_IMAGES_PER_PROPERTY - before.length;
  if (room <= 0) throw tooManyImages();
  const { images } = await readPropertyForm(request, storage, imageFolder(id), room);
  if (images.length === 0) throw badRequest('יש לצרף לפחות תמונה אחת');
  try {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(propertyImages)
        .values(images.map((image, i) => ({ propertyId: id, position: before.length + i, ...image })))
        .returning({ id: propertyImages.id });
      await recordAudit(tx as Database, actor, {
        entity: 'property',
        entityId: id,
        action: 'update',
        before: { images: before },
        after: { images: [...before, ...inserted.map((r) => r.id)] },
      });
    });
  } catch (err) {
    await storage.remove(keysOf(images));
    throw err;
  }
}

export async function removeImage(
  db: Database,
  storage: Storage,
  actor: SessionUser,
  id: string,
  imageId: string,
) {
  await findPropertyRow(db, id);
  const before = await imageIds(db, id);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(propertyImages)
      .where(and(eq(propertyImages.id, imageId), eq(propertyImages.propertyId, id)))
      .returning();
    if (!row) throw notFound(PROPERTY_MESSAGES.imageNotFound);
    // Close the gap so positions stay 0..n-1.
    await tx
      .update(propertyImages)
      .set({ position: sql`${propertyImages.position} - 1` })
      .where(and(eq(propertyImages.propertyId, id), sql`${propertyImages.position} > ${row.position}`));
    await recordAudit(tx as Database, actor, {
      entity: 'property',
      entityId: id,
      action: 'update',
      before: { images: before },
      after: { images: before.filter((i) => i !== imageId) },
    });
    return row;
  });
  await storage.remove([
    ...keysOf([removed]),
    ...keysOf([removed]).map(mailPhotoKey),
    shareImageKey(removed.id),
  ]);
}

/** `order` must name every image of the property exactly once; the first becomes the main image. */
export async function reorderImages(db: Database, actor: SessionUser, id: string, order: string[]) {
  await findPropertyRow(db, id);
  const before = await imageIds(db, id);
  const same =
    order.length === before.length &&
    new Set(order).size === order.length &&
    order.every((i) => before.includes(i));
  if (!same) throw badRequest(PROPERTY_MESSAGES.orderInvalid, { order: PROPERTY_MESSAGES.orderInvalid });
  await db.transaction(async (tx) => {
    for (const [position, imageId] of order.entries()) {
      await tx.update(propertyImages).set({ position }).where(eq(propertyImages.id, imageId));
    }
    await recordAudit(tx as Database, actor, {
      entity: 'property',
      entityId: id,
      action: 'update',
      before: { images: before },
      after: { images: order },
    });
  });
}
