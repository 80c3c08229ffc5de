import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties, propertyImages } from '../../db/schema';
import type { Storage } from '../../storage/storage';

/** Width of the variant used as a cover: the card size is plenty for a page header or a printout. */
const COVER_WIDTH = 640;

/** A property's row with the URL of its first photo (null without photos); undefined when there is none. */
export async function propertyWithCoverImage(db: Database, storage: Storage, propertyId: string) {
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
  if (!property) return undefined;
  const [image] = await db
    .select({ variants: propertyImages.variants })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position))
    .limit(1);
  const variant = image?.variants.find((v) => v.width === COVER_WIDTH) ?? image?.variants[0];
  return { ...property, image: variant ? storage.url(variant.key) : null };
}
