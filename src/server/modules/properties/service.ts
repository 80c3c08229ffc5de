import { randomUUID } from 'node:crypto';
import { type LatLng, publicPointOf, roundPoint } from '@shared/domain/geo';
import {
  type CreatePropertyInput,
  createPropertySchema,
  PROPERTY_MESSAGES,
  type UpdatePropertyInput,
} from '@shared/schemas/property';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { properties, propertyImages, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { shareImageKey } from '../../pages/share-image';
import type { SessionUser } from '../../plugins/session';
import type { Storage } from '../../storage/storage';
import { assertBranchOpen, assertInScope, inBranchScope } from '../branches';
import { mailPhotoKey, type ProcessedImage } from '../images';
import { recordPropertyChange } from './alert-events';

type PropertyInsert = typeof properties.$inferInsert;

/**
 * The point columns of a location written (docs/decisions/0061): the exact point and its public twin, drawn
 * once when the point is set or moves; the same point again keeps the public one it has. Null clears both.
 */
export function pointColumns(
  location: LatLng | null,
  before?: Pick<PropertyInsert, 'lat' | 'lng' | 'publicLat' | 'publicLng'>,
): Pick<PropertyInsert, 'lat' | 'lng' | 'publicLat' | 'publicLng'> {
  if (location === null) return { lat: null, lng: null, publicLat: null, publicLng: null };
  const exact = roundPoint(location);
  if (before && before.lat === exact.lat && before.lng === exact.lng && before.publicLat != null)
    return { ...exact, publicLat: before.publicLat, publicLng: before.publicLng };
  const shown = publicPointOf(exact);
  return { ...exact, publicLat: shown.lat, publicLng: shown.lng };
}

/** API field names (SPEC) to columns; only the fields present are mapped, so PATCH touches only those. */
function toColumns(input: UpdatePropertyInput, before?: PropertyInsert): Partial<PropertyInsert> {
  const map: Record<string, keyof PropertyInsert> = {
    pinuy_binuy: 'pinuyBinuy',
    agent: 'agentId',
    agentSecend: 'agentSecendId',
    branch: 'branchId',
  };
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'location') {
      if (value !== undefined) Object.assign(columns, pointColumns(input.location ?? null, before));
    } else if (value !== undefined) columns[map[key] ?? key] = value;
  }
  return columns as Partial<PropertyInsert>;
}

/**
 * Agents are accepted as ids of active users of the actor's branch scope; anything else is a 400 naming the
 * field. A branch named must be open and in the scope.
 */
async function assertAgents(db: Database, actor: SessionUser, input: UpdatePropertyInput) {
  if (input.branch) await assertBranchOpen(db, actor.branchScope, input.branch);
  const wanted = (['agent', 'agentSecend'] as const).filter((k) => input[k]);
  if (wanted.length === 0) return;
  const ids = wanted.map((k) => input[k]!);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, ids), eq(users.active, true), inBranchScope(actor.branchScope, users.branchId)),
    );
  const known = new Set(found.map((r) => r.id));
  const missing = wanted.find((k) => !known.has(input[k]!));
  if (missing)
    throw badRequest(PROPERTY_MESSAGES.agentUnknown, { [missing]: PROPERTY_MESSAGES.agentUnknown });
}

/** zod's first issue as the Hebrew message, and every issue on its field. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest(result.error.issues[0]?.message ?? PROPERTY_MESSAGES.textInvalid, fieldErrors);
}

export const newPropertyId = () => randomUUID();
export const imageFolder = (propertyId: string) => `properties/${propertyId}`;

export async function createProperty(
  db: Database,
  actor: SessionUser,
  id: string,
  fields: Record<string, unknown>,
  images: ProcessedImage[],
): Promise<void> {
  const input: CreatePropertyInput = parseOrBadRequest(createPropertySchema, fields);
  await assertAgents(db, actor, input);
  // A branch manager's listing is her branch's; a network admin's, without one named, its agent's (decision 0032).
  if (!input.branch && !actor.branchScope.all) input.branch = actor.branchId;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({ ...(toColumns(input) as PropertyInsert), id })
      .returning();
    if (images.length > 0) {
      await tx
        .insert(propertyImages)
        .values(images.map((image, position) => ({ propertyId: id, position, ...image })));
    }
    await recordPropertyChange(tx, null, row!);
    await recordAudit(tx as Database, actor, {
      entity: 'property',
      entityId: id,
      action: 'create',
      // A property created without photos records none (not '0 photos': nothing was added).
      after: { ...row, images: images.length || null },
    });
  });
}

/** The property; with an actor, one outside the actor's branch scope is not found (decision 0033). */
export async function findPropertyRow(db: Database, id: string, actor?: SessionUser) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!row) throw notFound(PROPERTY_MESSAGES.notFound);
  if (actor) assertInScope(actor.branchScope, row.branchId, PROPERTY_MESSAGES.notFound);
  return row;
}

export async function updateProperty(
  db: Database,
  actor: SessionUser,
  id: string,
  input: UpdatePropertyInput,
): Promise<void> {
  const before = await findPropertyRow(db, id, actor);
  await assertAgents(db, actor, input);
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(properties)
      .set({ ...toColumns(input, before), updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    await recordPropertyChange(tx, before, after!);
    await recordAudit(tx as Database, actor, {
      entity: 'property',
      entityId: id,
      action: 'update',
      before,
      after,
    });
  });
}

/** Deletes the property (its image rows cascade), then its files: its photos' variants and share images. */
export async function deleteProperty(db: Database, storage: Storage, actor: SessionUser, id: string) {
  const before = await findPropertyRow(db, id, actor);
  const images = await db
    .select({ id: propertyImages.id, variants: propertyImages.variants })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, id));
  await db.transaction(async (tx) => {
    await tx.delete(properties).where(eq(properties.id, id));
    await recordAudit(tx as Database, actor, { entity: 'property', entityId: id, action: 'delete', before });
  });
  await storage.remove(
    images.flatMap((image) => [
      ...image.variants.flatMap((v) => [v.key, mailPhotoKey(v.key)]),
      shareImageKey(image.id),
    ]),
  );
}

/** Refuses (404) a property outside the actor's branch scope; an unknown id is left to the route to answer. */
export async function propertyInScope(db: Database, actor: SessionUser, id: string): Promise<void> {
  const [row] = await db
    .select({ branchId: properties.branchId })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  if (row) assertInScope(actor.branchScope, row.branchId, PROPERTY_MESSAGES.notFound);
}
