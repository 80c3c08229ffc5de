import { publicPhone } from '@shared/domain/roles';
import type { Property } from '@shared/schemas/property';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { branches, type ImageVariant, properties, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';

const agent = alias(users, 'agent');
const agentSecend = alias(users, 'agent_secend');

type PhotoRow = { id: string; width: number; height: number; variants: ImageVariant[] };

/**
 * Every column a property answer needs, in one query: both agents by join and the photos as one
 * JSON array per row (an index lookup on property_images), so a list never runs N+1 queries.
 */
const joinedColumns = {
  row: properties,
  agentId: agent.id,
  agentName: agent.name,
  agentPhone: agent.phoneNumber,
  agentImage: agent.image,
  agentShown: sql<boolean>`(${agent.active} and ${agent.showOnSite})`,
  agentShowsPhone: agent.showPhone,
  secendId: agentSecend.id,
  secendName: agentSecend.name,
  secendPhone: agentSecend.phoneNumber,
  secendImage: agentSecend.image,
  secendShown: sql<boolean>`(${agentSecend.active} and ${agentSecend.showOnSite})`,
  secendShowsPhone: agentSecend.showPhone,
  branchName: branches.name,
  branchSlug: branches.slug,
  branchPhone: branches.phone,
};
const columns = {
  ...joinedColumns,
  photos: sql<PhotoRow[]>`coalesce((
    select json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height, 'variants', i.variants)
      order by i.position)
    from property_images i where i.property_id = ${properties.id}), '[]'::json)`,
};

export type PropertyRow = {
  row: typeof properties.$inferSelect;
  agentId: string | null;
  agentName: string | null;
  agentPhone: string | null;
  agentImage: string | null;
  agentShown: boolean | null;
  agentShowsPhone: boolean | null;
  secendId: string | null;
  secendName: string | null;
  secendPhone: string | null;
  secendImage: string | null;
  secendShown: boolean | null;
  secendShowsPhone: boolean | null;
  branchName: string;
  branchSlug: string;
  branchPhone: string;
  photos: PhotoRow[];
};

export type OrderBy = SQL | SQL[];

/**
 * The e-mails of a listing's branch office and agent, for a page read by `joinedPage` (`extra`): whom staff of
 * another branch write to about a shared listing (docs/decisions/0052). Staff reads only, never the public's.
 */
export const contactEmailColumns = {
  branchEmail: sql<string>`${branches.email}`,
  agentEmail: sql<string | null>`${agent.email}`,
};

/** Properties with their branch and both agents joined, every column of a property answer (and `extra` columns). */
const joinedSelect = (db: Database, extra: Record<string, SQL.Aliased | SQL> = {}) =>
  db
    .select({ ...columns, ...extra })
    .from(properties)
    .innerJoin(branches, sql`${branches.id} = ${properties.branchId}`)
    .leftJoin(agent, sql`${agent.id} = ${properties.agentId}`)
    .leftJoin(agentSecend, sql`${agentSecend.id} = ${properties.agentSecendId}`)
    .$dynamic();

/** Properties matching `where`, ordered, optionally one page of them. */
export async function selectProperties(
  db: Database,
  options: { where?: SQL; orderBy?: OrderBy; limit?: number; offset?: number },
): Promise<PropertyRow[]> {
  const query = joinedSelect(db);
  if (options.where) query.where(options.where);
  const order = options.orderBy ?? sql`${properties.createdAt} desc`;
  query.orderBy(...(Array.isArray(order) ? order : [order]));
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset) query.offset(options.offset);
  return (await query) as PropertyRow[];
}

const prepareById = (db: Database) =>
  joinedSelect(db)
    .where(eq(properties.id, sql.placeholder('id')))
    .limit(1)
    .prepare('property_by_id');
const byIdStatements = new WeakMap<Database, ReturnType<typeof prepareById>>();

/**
 * One property by id, the hottest read of the public site, as a prepared statement: built once per
 * database instead of on every request (the query builder was about a tenth of the request's work).
 */
export async function selectPropertyById(db: Database, id: string): Promise<PropertyRow | undefined> {
  let statement = byIdStatements.get(db);
  if (!statement) {
    statement = prepareById(db);
    byIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row as PropertyRow | undefined;
}

type Bound = number | Placeholder;

/**
 * One page of properties in one statement, in two steps: first the ids (WHERE, ORDER BY, LIMIT and OFFSET on
 * the bare table, so the indexes decide, index-only, and nothing else is computed for rows that will not be
 * shown), then the full rows of just those ids, in the same order. Built as one query, Postgres would build
 * the photo JSON and the joins for every matching row before sorting them (tens of thousands for a broad
 * search). `orderBy` must end with the id, so the order is total. Limit and offset may be placeholders (a
 * prepared search); `extra` adds columns (a search's capped count, computed once per statement).
 */
export function joinedPage(
  db: Database,
  options: { where: SQL; orderBy: SQL[]; limit: Bound; offset?: Bound; extra?: Record<string, SQL> },
) {
  const ids = db
    .select({ pageId: sql<string>`${properties.id}`.as('page_id') })
    .from(properties)
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .as('page_ids');
  return joinedSelect(db, options.extra)
    .innerJoin(ids, sql`${ids.pageId} = ${properties.id}`)
    .orderBy(...options.orderBy);
}

/** One page of properties (see joinedPage). */
export async function selectPage(
  db: Database,
  options: { where: SQL; orderBy: OrderBy; limit: number; offset?: number },
): Promise<PropertyRow[]> {
  const orderBy = Array.isArray(options.orderBy) ? options.orderBy : [options.orderBy];
  return (await joinedPage(db, { ...options, orderBy })) as PropertyRow[];
}

type AgentColumns = {
  id: string | null;
  name: string | null;
  phone: string | null;
  image: string | null;
  shown: boolean | null;
  showsPhone: boolean | null;
};

/**
 * A listing's agent as the public sees them (docs/decisions/0057): nobody the site does not show (the listing's
 * contact is then its branch), and the person's own phone only when they show it, else the branch's office phone.
 */
function agentOf(a: AgentColumns, officePhone: string) {
  if (!a.id || !a.shown) return null;
  const { phone, office } = publicPhone(
    { phoneNumber: a.phone ?? '', showPhone: a.showsPhone ?? true },
    officePhone,
  );
  return { _id: a.id, name: a.name ?? '', phone_number: phone, officePhone: office, image: a.image };
}

/** The API shape of a property: SPEC field names, agents as objects, photo URLs with sizes. */
export function toProperty(r: PropertyRow, storage: Storage): Property {
  const p = r.row;
  const photos = r.photos.map((photo) => ({
    _id: photo.id,
    width: photo.width,
    height: photo.height,
    variants: photo.variants.map((v) => ({ width: v.width, height: v.height, url: storage.url(v.key) })),
  }));
  const images = photos.map((photo) => photo.variants.at(-1)?.url ?? '').filter(Boolean);
  return {
    _id: p.id,
    typeTransaction: p.typeTransaction,
    sold: p.sold,
    pinuy_binuy: p.pinuyBinuy,
    exclusive: p.exclusive,
    yad2: p.yad2,
    city: p.city,
    address: p.address,
    price: p.price,
    category: p.category,
    rooms: p.rooms,
    floor: p.floor,
    size: p.size,
    entryDate: p.entryDate,
    buildingFloors: p.buildingFloors,
    neighbourhood: p.neighbourhood,
    propertyCondition: p.propertyCondition,
    features: p.features,
    description: p.description,
    image: images[0] ?? null,
    images,
    photos,
    agent: agentOf(
      {
        id: r.agentId,
        name: r.agentName,
        phone: r.agentPhone,
        image: r.agentImage,
        shown: r.agentShown,
        showsPhone: r.agentShowsPhone,
      },
      r.branchPhone,
    ),
    agentSecend: agentOf(
      {
        id: r.secendId,
        name: r.secendName,
        phone: r.secendPhone,
        image: r.secendImage,
        shown: r.secendShown,
        showsPhone: r.secendShowsPhone,
      },
      r.branchPhone,
    ),
    branch: { _id: p.branchId, name: r.branchName, slug: r.branchSlug, phone: r.branchPhone },
    createdAt: new Date(p.createdAt).toISOString(),
    // The public point only: the exact one never leaves in a public answer (docs/decisions/0061).
    location: p.publicLat !== null && p.publicLng !== null ? { lat: p.publicLat, lng: p.publicLng } : null,
  };
}
