import type { Property } from '@shared/schemas/property';
import { type CachedBody, ReadCache } from '../../plugins/read-cache';
import type { SearchCount } from './search-count';

/**
 * The public pages' reads, kept for 10 s (docs/decisions/0007-read-caches.md):
 * any write request (a property, its photos, an agent's details), in this process or another on the same
 * database, invalidates them before it is answered.
 */
const TTL_MS = 10_000;

export const propertyCaches = {
  /** Search totals, by the filters (not the page or the sort). */
  counts: new ReadCache<SearchCount>(TTL_MS),
  /** Whole JSON bodies of search pages, by their query. */
  search: new ReadCache<CachedBody>(TTL_MS),
  /** Whole JSON bodies of single properties, by id. */
  single: new ReadCache<CachedBody>(TTL_MS, 5_000),
  /** Properties as objects, by id (the rows of similar properties); undefined: no such property. */
  rows: new ReadCache<Property | undefined>(TTL_MS, 20_000),
  /** A city's unsold properties sorted by price: the candidates of similar properties, by city. */
  cityPrices: new ReadCache<CityPrices>(TTL_MS, 1_000),
  /** The city suggestions of a deal type, and a city's streets (distinct over every property). */
  names: new ReadCache<string[]>(TTL_MS, 1_000),
};

export type CityPrices = { ids: string[]; prices: number[] };
