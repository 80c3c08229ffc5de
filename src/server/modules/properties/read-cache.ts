import type { Property } from '@shared/schemas/property';
import { type CachedBody, ReadCache } from '../../plugins/read-cache';

/**
 * The public pages' reads, kept for 10 s like the search totals (docs/decisions/0007-read-caches.md):
 * any write request in this process (a property, its photos, an agent's details) invalidates them at
 * once; another server process's changes show within 10 s.
 */
const TTL_MS = 10_000;

export const propertyCaches = {
  /** Whole JSON bodies of search pages, by their query. */
  search: new ReadCache<CachedBody>(TTL_MS),
  /** Whole JSON bodies of single properties, by id. */
  single: new ReadCache<CachedBody>(TTL_MS, 5_000),
  /** Properties as objects, by id (the rows of similar properties); undefined: no such property. */
  rows: new ReadCache<Property | undefined>(TTL_MS, 20_000),
  /** A city's unsold properties sorted by price: the candidates of similar properties, by city. */
  cityPrices: new ReadCache<CityPrices>(TTL_MS, 1_000),
};

export type CityPrices = { ids: string[]; prices: number[] };
