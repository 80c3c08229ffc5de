import { randomUUID } from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { properties, propertyImages } from '../../db/schema';
import { imageFolder } from '../properties';
import { chunks, countUpserts, forEachDocument, type ImportContext, skipOf } from './context';
import { importImageFile } from './images';
import { type MappedProperty, mapProperty } from './map-property';

const excluded = (column: string) => sql.raw(`excluded.${column}`);
/** The source's point is the one the listing has (and has a public twin): the twin is kept. */
const samePoint = sql`${properties.lat} = excluded.lat and ${properties.lng} = excluded.lng and ${properties.publicLat} is not null`;

export async function importProperties(ctx: ImportContext): Promise<void> {
  const existing = await ctx.tx
    .select({ id: properties.id, legacyId: properties.legacyId })
    .from(properties)
    .where(isNotNull(properties.legacyId));
  const idOf = new Map(existing.map((p) => [p.legacyId!, p.id]));
  const mapped: (MappedProperty & { id: string })[] = [];
  const skipped = ctx.report.collections.properties.skipped;
  await forEachDocument(ctx, 'properties', (doc, notes) => {
    const result = mapProperty(doc, notes, (legacyId) => ctx.userIds.get(legacyId));
    if (!result.ok) return void skipped.push(skipOf(notes.legacyId, result));
    mapped.push({ ...result.value, id: idOf.get(result.value.legacyId) ?? randomUUID() });
  });

  for (const batch of chunks(mapped)) {
    const rows = batch.map(({ images, ...p }) => ({
      ...p,
      externalImages: images.flatMap((ref) => (ref.kind === 'url' ? [ref.url] : [])),
    }));
    const result = await ctx.tx
      .insert(properties)
      .values(rows)
      .onConflictDoUpdate({
        target: properties.legacyId,
        set: {
          typeTransaction: excluded('type_transaction'),
          sold: excluded('sold'),
          pinuyBinuy: excluded('pinuy_binuy'),
          exclusive: excluded('exclusive'),
          yad2: excluded('yad2'),
          city: excluded('city'),
          address: excluded('address'),
          price: excluded('price'),
          category: excluded('category'),
          rooms: excluded('rooms'),
          floor: excluded('floor'),
          size: excluded('size'),
          entryDate: excluded('entry_date'),
          propertyCondition: excluded('property_condition'),
          features: excluded('features'),
          description: excluded('description'),
          agentId: excluded('agent_id'),
          agentSecendId: excluded('agent_secend_id'),
          externalImages: excluded('external_images'),
          createdAt: excluded('created_at'),
          // The point: the source's when it has one (its public twin kept while the exact point stays), else
          // the one staff set since (docs/decisions/0061).
          lat: sql`coalesce(excluded.lat, ${properties.lat})`,
          lng: sql`case when excluded.lat is null then ${properties.lng} else excluded.lng end`,
          publicLat: sql`case when excluded.lat is null or (${samePoint}) then ${properties.publicLat} else excluded.public_lat end`,
          publicLng: sql`case when excluded.lat is null or (${samePoint}) then ${properties.publicLng} else excluded.public_lng end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    countUpserts(ctx, 'properties', result);
  }
  for (const property of mapped) await importPhotos(ctx, property);
}

/** The files a property names, through the image pipeline, unless it already has photos (an earlier run). */
async function importPhotos(ctx: ImportContext, property: MappedProperty & { id: string }) {
  const files = property.images.flatMap((ref) => (ref.kind === 'file' ? [ref.name] : []));
  if (files.length === 0) return;
  const [has] = await ctx.tx
    .select({ id: propertyImages.id })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, property.id))
    .limit(1);
  if (has) return;
  const photos = [];
  for (const name of files) {
    const image = await importImageFile(ctx, name, imageFolder(property.id));
    if (image) photos.push(image);
  }
  if (photos.length === 0) return;
  await ctx.tx
    .insert(propertyImages)
    .values(photos.map((image, position) => ({ propertyId: property.id, position, ...image })));
}
