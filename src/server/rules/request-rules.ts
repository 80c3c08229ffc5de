import { hasNetworkAccess } from '@shared/domain/branch-scope';
import type { Role } from '@shared/domain/roles';
import type { Access } from '../plugins/access';

/**
 * The server's request rules as pure functions (access, origin, session lifetime, photo type): the plugins
 * apply them, unit tests pin each edge, and `npm run test:mutation` mutates them (stryker.server.config.json).
 */

/**
 * What a request gets from its route's declared rule: through, 401 without a session, 403 for a wrong role. A
 * route that declares nothing is admin-only; a `network` route wants an admin with network access.
 */
export function accessVerdict(
  access: Access | undefined,
  role: Role | null,
  networkAccess = false,
): 'ok' | 401 | 403 {
  if (access === 'public') return 'ok';
  if (role === null) return 401;
  if ((access === 'admin' || access === undefined) && role !== 'admin') return 403;
  if (access === 'network' && !hasNetworkAccess({ role, networkAccess })) return 403;
  return 'ok';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type MutationOrigin = {
  method: string;
  /** The Origin header, if any. */
  origin: string | undefined;
  /** The Sec-Fetch-Site header, if any (no page can set it). */
  fetchSite: string | undefined;
  /** This server as the request reached it (`protocol://host`). */
  ownOrigin: string;
  /** APP_ORIGIN, the site's public address. */
  appOrigin: string | undefined;
  /** CORS_ORIGINS: other sites allowed to call the API with credentials. */
  corsOrigins: ReadonlySet<string>;
};

/**
 * Whether a request may change data, judged by where it comes from (plugins/security.ts): reads always; a
 * mutation only from this site (its exact origin, never one that merely starts with it), a listed CORS origin,
 * a client that sends no Origin (curl, the original mobile client), or the site's own form posted natively
 * under the no-referrer policy (`Origin: null` with Sec-Fetch-Site same-origin). A cross-site fetch is refused
 * whatever its Origin says, unless listed.
 */
export function mayMutateFrom(r: MutationOrigin): boolean {
  if (SAFE_METHODS.has(r.method)) return true;
  const listed = r.origin !== undefined && r.corsOrigins.has(r.origin);
  const ownForm = r.origin === 'null' && r.fetchSite === 'same-origin';
  const allowed =
    r.origin === undefined || r.origin === r.ownOrigin || r.origin === r.appOrigin || listed || ownForm;
  return allowed && (r.fetchSite !== 'cross-site' || listed);
}

const HOUR_MS = 3_600_000;

/** When a session started at `now` ends: SESSION_TTL_HOURS later. */
export const sessionExpiry = (now: number, ttlHours: number) => new Date(now + ttlHours * HOUR_MS);

/**
 * What a request does with the session its cookie names (plugins/session.ts): none found or past its lifetime;
 * idle longer than SESSION_IDLE_HOURS (it is deleted); or valid, with its last activity recorded when that is
 * older than `touchEveryMs` (one write a minute per active session).
 */
export function sessionVerdict(
  found: { expiresAt: Date; lastSeenAt: Date } | null,
  now: number,
  limits: { idleHours: number; touchEveryMs: number },
): 'none' | 'idle' | 'touch' | 'valid' {
  if (!found || found.expiresAt.getTime() <= now) return 'none';
  const idle = now - found.lastSeenAt.getTime();
  if (idle > limits.idleHours * HOUR_MS) return 'idle';
  return idle > limits.touchEveryMs ? 'touch' : 'valid';
}

/** The photo formats phones and cameras send; anything else the image library reads (SVG, TIFF, PDF...) is not. */
export const PHOTO_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif']);

/** What an upload is, by what the image library read of it: a photo, a photo too large, or not a photo (415). */
export function photoVerdict(
  meta: { format?: string; width?: number; height?: number },
  maxPixels: number,
): 'photo' | 'tooLarge' | 'unsupported' {
  if (!meta.format || !PHOTO_FORMATS.has(meta.format) || !meta.width || !meta.height) return 'unsupported';
  return meta.width * meta.height > maxPixels ? 'tooLarge' : 'photo';
}
