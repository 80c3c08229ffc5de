import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import type { Property } from '@shared/schemas/property';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import { ALL_LISTINGS, scopes, type TransactionKind } from '../../plugins/cache-scopes';
import { type CachedBody, ReadCache } from '../../plugins/read-cache';
import type { ClusterIndex } from './clusters';
import type { SoldListBody } from './full-list';
import type { SearchCount } from './search-count';

/**
 * The public pages' reads, kept for 10 s (docs/decisions/0007-read-caches.md): a write, in this process or
 * another on the same database, drops the ones that read what it changed before it is answered
 * (docs/decisions/0022-scoped-cache-invalidation.md). Searches and totals name their deal type when they are
 * read (`get`'s own scopes); the defaults below are for a key alone.
 */
const TTL_MS = 10_000;

/**
 * What a search of one deal type reads: its listings, the agents shown on them, and the settings (the address
 * shown to visitors, decision 0066).
 */
export const searchScopes = (kind: TransactionKind) => [scopes.listings(kind), scopes.users, scopes.settings];
const propertyScopes = (id: string) => [scopes.property(id), scopes.users];

export const propertyCaches = {
  /** Search totals, by the filters (not the page or the sort). */
  counts: new ReadCache<SearchCount>({ name: 'properties-counts', ttlMs: TTL_MS, reads: () => ALL_LISTINGS }),
  /** Whole JSON bodies of search pages, by their query. */
  search: new ReadCache<CachedBody>({
    name: 'properties-search',
    ttlMs: TTL_MS,
    reads: () => [...ALL_LISTINGS, scopes.users, scopes.settings],
  }),
  /** Whole JSON bodies of single properties as visitors read them, by id (the address by the settings). */
  single: new ReadCache<CachedBody>({
    name: 'properties-single',
    ttlMs: TTL_MS,
    maxEntries: 5_000,
    reads: (id) => [...propertyScopes(id), scopes.settings],
  }),
  /** Properties as objects, by id (the rows of similar properties); undefined: no such property. */
  rows: new ReadCache<Property | undefined>({
    name: 'properties-rows',
    ttlMs: TTL_MS,
    maxEntries: 20_000,
    reads: propertyScopes,
  }),
  /** A city's unsold properties sorted by price: the candidates of similar properties, by city. */
  cityPrices: new ReadCache<CityPrices>({
    name: 'properties-city-prices',
    ttlMs: TTL_MS,
    maxEntries: 1_000,
    reads: (city) => [scopes.city(city)],
  }),
  /**
   * The contract's sold list, built and compressed once (full-list.ts, buildSoldList): kept until a write
   * changes a listing of either deal type, an agent or a branch (the names on every property), with no TTL,
   * so it is rebuilt only when what it shows changed.
   */
  soldList: new ReadCache<SoldListBody>({
    name: 'properties-sold-list',
    ttlMs: Number.POSITIVE_INFINITY,
    maxEntries: 1,
    reads: () => [...ALL_LISTINGS, scopes.users, scopes.branches, scopes.settings],
  }),
  /**
   * The map's cluster indexes (clusters.ts), by the filters: built once and kept, with no TTL, until a listing
   * of the deal type (or of either) changes; a few filter sets at a time (the map's common ones).
   */
  clusterIndex: new ReadCache<ClusterIndex>({
    name: 'properties-cluster-index',
    ttlMs: Number.POSITIVE_INFINITY,
    maxEntries: 32,
    reads: () => ALL_LISTINGS,
  }),
  /** Whole JSON bodies of the map's answers, by their query (box and zoom included). */
  clusters: new ReadCache<CachedBody>({
    name: 'properties-clusters',
    ttlMs: TTL_MS,
    reads: () => ALL_LISTINGS,
  }),
  /** The city suggestions of a deal type, and a city's streets (distinct over every property). */
  names: new ReadCache<string[]>({
    name: 'properties-names',
    ttlMs: TTL_MS,
    maxEntries: 1_000,
    reads: () => ALL_LISTINGS,
  }),
};

export type CityPrices = { ids: string[]; prices: number[] };

const kindOf = (typeTransaction: string): TransactionKind[] =>
  typeTransaction === TRANSACTION_TYPES.rent
    ? ['rent']
    : typeTransaction === TRANSACTION_TYPES.sale
      ? ['sale']
      : ['sale', 'rent'];

/**
 * What a write of property `id` changes, as it stands now: its own answers, the listings of its deal type and
 * its city's similar candidates. A write calls it before and after changing the property (its type or city
 * may change); an unknown id changes its own answers only.
 */
export async function propertyWriteScopes(db: Database, id: string): Promise<string[]> {
  const [row] = await db
    .select({ typeTransaction: properties.typeTransaction, city: properties.city })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  if (!row) return [scopes.property(id)];
  return [scopes.property(id), ...kindOf(row.typeTransaction).map(scopes.listings), scopes.city(row.city)];
}
