/*
 * Places on the map (issue 39, docs/locations.md, docs/decisions/0061): a property's exact point and the public
 * point the site shows instead, drawn on the server. The box and the bounds the pages need are in geo-box.ts.
 */

import type { LatLng } from './geo-box';

export * from './geo-box';

/** The public point lies this far from the exact one, in metres (drawn uniformly between them). */
export const PUBLIC_OFFSET_METERS = { min: 150, max: 300 } as const;

const EARTH_RADIUS_METERS = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** The great-circle distance between two points, in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `meters` away from `from` on the bearing `bearing` (radians clockwise from north). */
export function destination(from: LatLng, meters: number, bearing: number): LatLng {
  const d = meters / EARTH_RADIUS_METERS;
  const lat1 = rad(from.lat);
  const lng1 = rad(from.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: deg(lat2), lng: deg(lng2) };
}

/** Degrees kept of a stored point: 6 decimals, about 10 cm. */
export const roundPoint = (p: LatLng): LatLng => ({
  lat: Math.round(p.lat * 1e6) / 1e6,
  lng: Math.round(p.lng * 1e6) / 1e6,
});

/** A uniform draw in [0, 1) from the platform's cryptographic generator (browser and Node alike). */
export function secureRandom(): number {
  const [value] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value! / 2 ** 32;
}

/**
 * The public point of an exact one (docs/decisions/0061): PUBLIC_OFFSET_METERS away in a random direction,
 * rounded as stored. Drawn once when the exact point is set or changes, and kept: a visitor who asks again
 * gets the same point, so averaging answers never leads back to the exact one. The rounding keeps it at least
 * the minimum away (the draw starts a metre further).
 */
export function publicPointOf(exact: LatLng, random: () => number = secureRandom): LatLng {
  const { min, max } = PUBLIC_OFFSET_METERS;
  const meters = min + 1 + random() * (max - min - 2);
  return roundPoint(destination(exact, meters, random() * 2 * Math.PI));
}
