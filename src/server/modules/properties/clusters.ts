import { MAP_MAX_ZOOM, roundPoint } from '@shared/domain/geo';
import type { PropertyClusters, PropertyClustersQuery, PropertySearchQuery } from '@shared/schemas/property';
import { and, isNotNull, sql } from 'drizzle-orm';
import Supercluster from 'supercluster';
import type { Database } from '../../db/client';
import { type ImageVariant, properties } from '../../db/schema';
import { scopes } from '../../plugins/cache-scopes';
import type { Storage } from '../../storage/storage';
import { propertyCaches } from './read-cache';
import { searchConditions } from './search-shapes';

/** What a pin shows: the listing, its price and rooms, and its first photo's smallest variant. */
type PinProps = { id: string; price: number; rooms: number | null; image: string | null };
export type ClusterIndex = { index: Supercluster<PinProps>; total: number };

/** The most groups and pins one answer carries; a box holding more is grouped at a lower zoom. */
export const MAX_MAP_FEATURES = 300;

/** Points of one screen pixel-radius apart are grouped (supercluster's own default). */
const CLUSTER_RADIUS = 60;

/**
 * The filters a map's index is built for: the search's, without the box, the zoom, the order and the page.
 * Sorted keys, so one set of filters is one key whatever the URL's order.
 */
export function indexKey(q: PropertyClustersQuery): string {
  const { bbox: _bbox, zoom: _zoom, ...filters } = q;
  const normalized: Record<string, unknown> = { ...filters, amenities: [...new Set(q.amenities)].sort() };
  return JSON.stringify(
    Object.keys(normalized)
      .sort()
      .map((key) => [key, normalized[key]]),
  );
}

/** The search query of a map's filters: its WHERE is the list's own (search-shapes.ts), without a box. */
const searchQueryOf = (q: PropertyClustersQuery): PropertySearchQuery => ({
  ...q,
  bbox: undefined,
  sort: 'newest',
  page: 1,
  pageSize: 1,
});

/**
 * Builds the index of every listing matching the filters by its public point (never the exact one,
 * docs/decisions/0061): one query of the few columns a pin shows, then supercluster's trees, zoom 0 to
 * MAP_MAX_ZOOM - 1 (at MAP_MAX_ZOOM every listing is a pin of its own).
 */
async function buildIndex(db: Database, storage: Storage, q: PropertyClustersQuery): Promise<ClusterIndex> {
  const rows = await db
    .select({
      id: properties.id,
      price: properties.price,
      rooms: properties.rooms,
      lat: properties.publicLat,
      lng: properties.publicLng,
      variants: sql<ImageVariant[] | null>`(select i.variants from property_images i
        where i.property_id = ${properties.id} order by i.position limit 1)`,
    })
    .from(properties)
    .where(and(searchConditions(searchQueryOf(q)), isNotNull(properties.publicLat)));
  const index = new Supercluster<PinProps>({ radius: CLUSTER_RADIUS, maxZoom: MAP_MAX_ZOOM - 1 });
  index.load(
    rows.map((r) => {
      const smallest = r.variants?.[0];
      return {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [r.lng!, r.lat!] },
        properties: {
          id: r.id,
          price: r.price,
          rooms: r.rooms,
          image: smallest ? storage.url(smallest.key) : null,
        },
      };
    }),
  );
  return { index, total: rows.length };
}

/**
 * The groups and pins of the map's box at a zoom (capped by the query's schema at MAP_MAX_ZOOM). The index of
 * a set of filters is built once and kept until a listing of its deal type changes (the read caches'
 * generations, docs/decisions/0022), a bounded number of filter sets at a time; a request only walks its trees.
 * A box holding more than MAX_MAP_FEATURES is answered at a lower zoom, so an answer stays a few hundred items.
 */
export async function mapClusters(
  db: Database,
  storage: Storage,
  q: PropertyClustersQuery,
): Promise<PropertyClusters> {
  const { index, total } = await propertyCaches.clusterIndex.get(
    db,
    indexKey(q),
    () => buildIndex(db, storage, q),
    [scopes.listings(q.type)],
  );
  const bbox = [...q.bbox] as [number, number, number, number];
  let zoom = q.zoom;
  let found = index.getClusters(bbox, zoom);
  while (found.length > MAX_MAP_FEATURES && zoom > 0) {
    zoom -= 1;
    found = index.getClusters(bbox, zoom);
  }
  const features = found.slice(0, MAX_MAP_FEATURES).map((feature) => {
    // Back from supercluster's projection, to the 6 decimals points are stored with.
    const { lat, lng } = roundPoint({
      lng: feature.geometry.coordinates[0]!,
      lat: feature.geometry.coordinates[1]!,
    });
    const p = feature.properties;
    if ('cluster' in p && p.cluster)
      return {
        kind: 'cluster' as const,
        id: p.cluster_id,
        lat,
        lng,
        count: p.point_count,
        expansionZoom: Math.min(index.getClusterExpansionZoom(p.cluster_id), MAP_MAX_ZOOM),
      };
    const pin = p as PinProps;
    return {
      kind: 'pin' as const,
      id: pin.id,
      lat,
      lng,
      price: pin.price,
      rooms: pin.rooms,
      image: pin.image,
    };
  });
  return { zoom, total, features };
}
