/*
 * The map's box and Israel's bounds (issue 39, docs/locations.md): what the listing pages, the saved searches and
 * the schemas need of places, apart from the public point's arithmetic (geo.ts, server-side), so the pages load
 * only this.
 */

/** A point in degrees (WGS 84). */
export type LatLng = { lat: number; lng: number };

/** The map's visible box as the URL and saved searches hold it: west, south, east, north (degrees). */
export type Bbox = [west: number, south: number, east: number, north: number];

/** Israel's bounding box with a margin (Metula to Eilat, the coast to the Golan): a property's point lies in it. */
export const ISRAEL_BOUNDS = { south: 29.4, north: 33.4, west: 34.2, east: 35.95 } as const;

/** The public map never zooms in further than this (the public point is 150-300 m off; docs/decisions/0061). */
export const MAP_MAX_ZOOM = 15;

export const isInIsrael = (p: LatLng) =>
  p.lat >= ISRAEL_BOUNDS.south &&
  p.lat <= ISRAEL_BOUNDS.north &&
  p.lng >= ISRAEL_BOUNDS.west &&
  p.lng <= ISRAEL_BOUNDS.east;

/** Whether a point lies in a box (edges included); a box never crosses the antimeridian here. */
export const inBbox = (p: LatLng, [west, south, east, north]: Bbox) =>
  p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east;

/** 'w,s,e,n' as the URL writes a box (6 decimals). */
export const bboxText = (b: Bbox) => b.map((n) => Math.round(n * 1e6) / 1e6).join(',');

/**
 * A box from the URL's 'w,s,e,n', or null when it is not one: four finite numbers, west below east and south
 * below north, within the world's degrees.
 */
export function parseBbox(text: string): Bbox | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => part === '')) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  return isBbox([west, south, east, north]) ? [west, south, east, north] : null;
}

/** Four finite degrees, west < east within ±180 and south < north within ±90. */
export function isBbox(b: readonly number[]): b is Bbox {
  if (b.length !== 4 || !b.every(Number.isFinite)) return false;
  const [west, south, east, north] = b as [number, number, number, number];
  return west >= -180 && east <= 180 && south >= -90 && north <= 90 && west < east && south < north;
}
