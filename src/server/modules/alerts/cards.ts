import type { AlertProperty } from '@shared/schemas/alerts';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties, propertyImages } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { Transaction } from '../mail';

/** The card size of a photo: plenty for a mail or a favourites list. */
const CARD_WIDTH = 640;

/** What a favourite, a match or an alert shows of each property that still exists, by id. */
export async function propertyCards(
  db: Database | Transaction,
  storage: Storage,
  ids: readonly string[],
): Promise<Map<string, AlertProperty>> {
  const cards = new Map<string, AlertProperty>();
  if (ids.length === 0) return cards;
  const rows = await db
    .select()
    .from(properties)
    .where(inArray(properties.id, [...ids]));
  const images = await db
    .select({ propertyId: propertyImages.propertyId, variants: propertyImages.variants })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, [...ids]))
    .orderBy(asc(propertyImages.position));
  const cover = new Map<string, string>();
  for (const image of images) {
    if (cover.has(image.propertyId)) continue;
    const variant = image.variants.find((v) => v.width === CARD_WIDTH) ?? image.variants[0];
    if (variant) cover.set(image.propertyId, storage.url(variant.key));
  }
  for (const row of rows) {
    cards.set(row.id, {
      _id: row.id,
      typeTransaction: row.typeTransaction,
      city: row.city,
      address: row.address,
      price: row.price,
      rooms: row.rooms,
      category: row.category,
      sold: row.sold,
      image: cover.get(row.id) ?? row.externalImages[0] ?? null,
    });
  }
  return cards;
}
