import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branchOfRow } from './branch-column';
import { users } from './users';

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    typeTransaction: text('type_transaction').notNull(),
    sold: boolean('sold').notNull().default(false),
    pinuyBinuy: boolean('pinuy_binuy').notNull().default(false),
    exclusive: boolean('exclusive').notNull().default(false),
    yad2: text('yad2'),
    city: text('city').notNull(),
    address: text('address').notNull(),
    price: integer('price').notNull(),
    category: text('category').notNull(),
    rooms: real('rooms'),
    floor: text('floor'),
    /**
     * The floor as a number for the floor filters (docs/decisions/0049): ground 0, basement -1, a number as
     * written; computed by the database from `floor`, never written.
     */
    floorNumber: integer('floor_number').generatedAlwaysAs(
      sql`case when "floor" = 'קרקע' then 0 when "floor" = 'מרתף' then -1 when "floor" ~ '^-?[0-9]{1,3}$' then "floor"::integer end`,
    ),
    /** How many floors the building has above the ground (for 'not the top floor'); null when not known. */
    buildingFloors: integer('building_floors'),
    /** The neighbourhood within the city, as the office writes it; null when not given. */
    neighbourhood: text('neighbourhood'),
    size: integer('size'),
    entryDate: text('entry_date'),
    propertyCondition: text('property_condition'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    agentSecendId: uuid('agent_secend_id').references(() => users.id, { onDelete: 'set null' }),
    /** The branch that holds the listing (by default its agent's). */
    branchId: branchOfRow(),
    /**
     * Shared with the network (docs/decisions/0052): other branches' staff see it in their lists and buyer
     * matches, read-only and without the owner's details; set by the property's own branch.
     */
    sharedWithNetwork: boolean('shared_with_network').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    legacyId: text('legacy_id'),
    /** Image URLs on outside hosts named by an imported record: kept as they were, never fetched. */
    externalImages: text('external_images').array().notNull().default(sql`'{}'::text[]`),
    /** The exact point (degrees), staff only; null when not known (docs/locations.md). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * The public point (docs/decisions/0061): the exact one moved 150-300 m in a random direction, drawn once
     * when the exact point is set or changes. The only point the public answers, pages, searches and map use.
     */
    publicLat: doublePrecision('public_lat'),
    publicLng: doublePrecision('public_lng'),
  },
  (t) => [
    uniqueIndex('properties_legacy_id_idx').on(t.legacyId),
    // The search (docs/performance.md, "Search SQL"): every filter and sort column and the id in each index, so
    // the page's ids and the capped count are index-only scans whichever index the planner picks (a prepared
    // search's generic plan too). One index per sort order, with a city and without; the sort column right
    // after the equalities, so a page is read in order and stops after its rows.
    // By price in a city (and the count of a search with a city):
    index('properties_search_idx').on(
      t.typeTransaction,
      t.sold,
      t.city,
      t.price,
      t.category,
      t.rooms,
      t.createdAt,
      t.id,
    ),
    // By price without a city:
    index('properties_type_price_idx').on(
      t.typeTransaction,
      t.sold,
      t.price,
      t.city,
      t.category,
      t.rooms,
      t.createdAt,
      t.id,
    ),
    // Newest first in a city:
    index('properties_city_newest_idx').on(
      t.typeTransaction,
      t.sold,
      t.city,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.category,
      t.price,
      t.rooms,
    ),
    // Newest first without a city:
    index('properties_type_newest_idx').on(
      t.typeTransaction,
      t.sold,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.city,
      t.category,
      t.price,
      t.rooms,
    ),
    // By category without a city (its count was a sequential scan):
    index('properties_category_idx').on(
      t.typeTransaction,
      t.sold,
      t.category,
      t.price,
      t.city,
      t.rooms,
      t.createdAt,
      t.id,
    ),
    // The sold lists, latest sale first:
    index('properties_sold_recent_idx')
      .on(t.typeTransaction, t.updatedAt.desc().nullsFirst(), t.id, t.city, t.category, t.price, t.rooms)
      .where(sql`${t.sold}`),
    // The search's new filters (docs/decisions/0049): the features asked for (parking, safe room...) by
    // containment, and a neighbourhood within a city.
    index('properties_features_idx').using('gin', t.features),
    index('properties_neighbourhood_idx').on(
      t.typeTransaction,
      t.sold,
      t.city,
      sql`lower(btrim(${t.neighbourhood}))`,
    ),
    // The map's box ('search this area') and its clusters: the listings of a deal type by their public point.
    index('properties_public_point_idx')
      .on(t.typeTransaction, t.sold, t.publicLat, t.publicLng)
      .where(sql`${t.publicLat} is not null`),
    index('properties_agent_idx').on(t.agentId),
    index('properties_branch_created_idx').on(t.branchId, t.createdAt),
    // The shared listings other branches' staff lists add to their own (decision 0052), newest first.
    index('properties_shared_created_idx').on(t.createdAt.desc(), t.id).where(sql`${t.sharedWithNetwork}`),
    index('properties_agent_secend_idx').on(t.agentSecendId),
    index('properties_city_address_idx').on(t.city, t.address),
    index('properties_created_idx').on(t.createdAt),
  ],
);

/** One uploaded photo: its WebP variants live in storage under `keyPrefix`. */
export type ImageVariant = { width: number; height: number; key: string };

export const propertyImages = pgTable(
  'property_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<ImageVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_images_property_idx').on(t.propertyId, t.position)],
);

/**
 * The geocoder's answers by address (docs/locations.md): an address is asked of the configured service once;
 * a point of null is an answer that found nothing (also kept, so it is not asked again).
 */
export const geocodeCache = pgTable('geocode_cache', {
  /** The normalized address: 'city|street|house', trimmed and lower-cased. */
  addressKey: text('address_key').primaryKey(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  /** How the service named the place it found. */
  label: text('label'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
