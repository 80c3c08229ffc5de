import { isInIsrael, type LatLng, roundPoint } from '@shared/domain/geo';
import { GEOCODE_MESSAGES, type Geocode, type GeocodeQuery } from '@shared/schemas/geocode';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { geocodeCache } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** How long the service may take to answer. */
const TIMEOUT_MS = 8_000;

/** The address as the cache keys it: city, street and house trimmed, spaces collapsed, lower-cased. */
export const addressKey = (q: GeocodeQuery) =>
  [q.city, q.street, q.house].map((part) => part.trim().replace(/\s+/g, ' ').toLocaleLowerCase()).join('|');

/**
 * One request at a time to the service, at least `intervalMs` apart, across the process (Nominatim's usage
 * policy: at most one a second). A request waits its turn; it never runs beside another.
 */
export class Throttle {
  private last = Number.NEGATIVE_INFINITY;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(public intervalMs: number) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(async () => {
      const wait = this.last + this.intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.last = Date.now();
      return work();
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** The process's one throttle for the geocoder (every app and request in it shares it). */
export const geocoderThrottle = new Throttle(1_000);

type Found = { point: LatLng; label: string | null } | null;

/**
 * Asks a Nominatim-compatible search for the address (structured: city, and 'house street'), in Israel only,
 * the first answer. Null when nothing was found, or what was found lies outside Israel; throws 503 when the
 * service cannot be reached or fails (not cached: asked again next time).
 */
async function askService(url: string, q: GeocodeQuery): Promise<Found> {
  const search = new URL(url);
  search.searchParams.set('format', 'jsonv2');
  search.searchParams.set('limit', '1');
  search.searchParams.set('countrycodes', 'il');
  search.searchParams.set('accept-language', 'he');
  search.searchParams.set('city', q.city);
  const street = [q.house, q.street].filter(Boolean).join(' ');
  if (street) search.searchParams.set('street', street);
  let answer: unknown;
  try {
    const response = await fetch(search, {
      headers: { accept: 'application/json', 'user-agent': 'link-realestate-geocoder/1' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    answer = await response.json();
  } catch {
    throw new AppError(503, 'UNAVAILABLE', GEOCODE_MESSAGES.unavailable);
  }
  const first = Array.isArray(answer) ? (answer[0] as Record<string, unknown> | undefined) : undefined;
  if (!first) return null;
  const point = { lat: Number(first.lat), lng: Number(first.lon) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng) || !isInIsrael(point)) return null;
  const label = typeof first.display_name === 'string' ? first.display_name.slice(0, 300) : null;
  return { point: roundPoint(point), label };
}

/**
 * A point suggested for an address (docs/locations.md): from the cache when the address was asked before (a
 * found point or a known miss), else from the configured service, through the process's throttle, then kept.
 * Without a configured service, an answer saying so.
 */
export async function geocode(db: Database, url: string | undefined, q: GeocodeQuery): Promise<Geocode> {
  if (!url) return { configured: false, point: null, label: null, message: GEOCODE_MESSAGES.notConfigured };
  const key = addressKey(q);
  const read = async () => {
    const [row] = await db.select().from(geocodeCache).where(eq(geocodeCache.addressKey, key)).limit(1);
    return row;
  };
  let row = await read();
  if (!row) {
    // Asked once: a request that waited its turn behind one for the same address finds its answer kept.
    const found = await geocoderThrottle.run(async () => (await read()) ?? askService(url, q));
    if (found && 'addressKey' in found) row = found;
    else {
      await db
        .insert(geocodeCache)
        .values({
          addressKey: key,
          lat: found?.point.lat ?? null,
          lng: found?.point.lng ?? null,
          label: found?.label ?? null,
        })
        .onConflictDoNothing();
      row = await read();
    }
  }
  const point = row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
  return {
    configured: true,
    point,
    label: point ? (row?.label ?? null) : null,
    message: point ? null : GEOCODE_MESSAGES.notFound,
  };
}
