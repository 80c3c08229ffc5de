import { publicAddressOf } from '@shared/domain/public-address';
import type { AlertProperty } from '@shared/schemas/alerts';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties, propertyImages } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { Transaction } from '../mail';
import { settingsInTransaction } from '../settings';

/** The card size of a photo: plenty for a mail or a favourites list. */
const CARD_WIDTH = 640;

/**
 * What a favourite, a match or an alert shows of each property that still exists, by id. A visitor's card (a
 * mail, the favourites page) shows the address by the agency's setting (the street alone when the exact address
 * waits for a signed order, decision 0066); a staff card (a lead's matches) the exact one.
 */
export async function propertyCards(
  db: Database | Transaction,
  storage: Storage,
  ids: readonly string[],
  audience: 'visitor' | 'staff' = 'visitor',
): Promise<Map<string, AlertProperty>> {
  const cards = new Map<string, AlertProperty>();
  if (ids.length === 0) return cards;
  // Read on the caller's handle, uncached: a caller in a transaction holds PGlite's only connection.
  const streetOnly =
    audience === 'visitor' && (await settingsInTransaction(db as Transaction)).exactAddressAfterSigning;
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
      address: publicAddressOf(row.address, streetOnly),
      price: row.price,
      rooms: row.rooms,
      category: row.category,
      sold: row.sold,
      image: cover.get(row.id) ?? row.externalImages[0] ?? null,
    });
  }
  return cards;
}
