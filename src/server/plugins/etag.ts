import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addVary } from '../lib/vary';
import { SESSION_COOKIE } from './session';

/**
 * What a public answer tells shared caches (a proxy, a CDN; docs/decisions/0022): keep it for a minute, then
 * serve it stale for up to ten more while revalidating it in the background. Browsers revalidate at once.
 */
export const SHARED_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** A personal answer: the browser may keep it but revalidates; no shared cache ever keeps it. */
export const PERSONAL = 'private, no-cache';

const hashOf = (body: string | Buffer) => createHash('sha1').update(body).digest('base64url').slice(0, 27);

/**
 * Hashes of answers held as Buffers, by the Buffer itself: a read cache's answer is the same Buffer on every hit
 * (read-cache.ts, replyCached), so it is hashed once, when it is loaded, not on every hit (160 KB for every
 * agent's performance). Kept as long as the Buffer lives, like its compressed forms (compression.ts).
 */
const hashes = new WeakMap<Buffer, string>();

/** A validator of the answer's bytes before compression (the same for its br, gzip and plain forms). */
export function bodyEtag(body: string | Buffer, strong = false): string {
  let hash = typeof body === 'string' ? undefined : hashes.get(body);
  if (hash === undefined) {
    hash = hashOf(body);
    if (typeof body !== 'string') hashes.set(body, hash);
  }
  return strong ? `"${hash}"` : `W/"${hash}"`;
}

/** True when If-None-Match names this ETag (a list, `*`, or the same tag strong or weak). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Sends `etag`, and answers 304 with no body when the request's If-None-Match names it. */
export function revalidateWith(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  reply.code(304).removeHeader('content-length');
  return true;
}

/** Answers 304 with no body when the request's If-None-Match names this body's ETag; otherwise sends the ETag. */
export const revalidate = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  strong = false,
) => revalidateWith(request, reply, bodyEtag(body, strong));

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** The request carries a session cookie (valid or not): whatever it is answered may be someone's own. */
export const hasSessionCookie = (request: FastifyRequest) => Boolean(request.cookies?.[SESSION_COOKIE]);

/**
 * A personal answer: a route for signed-in users only, or any answer to a request that carries a session (what
 * a public route says may depend on who asks). Never kept by a shared cache (a proxy, a CDN).
 */
const isPersonal = (request: FastifyRequest) =>
  request.url.startsWith('/api/v1/') &&
  (request.routeOptions.config?.access !== 'public' || Boolean(request.user) || hasSessionCookie(request));

/**
 * An answer a browser may keep (not `no-store`) from the API or a page: what it says may depend on who asks
 * (a public list holds more for an admin; a page's navigation bar reads the session), so a copy kept before
 * signing in or out is never reused after it (`Vary: Cookie`). This matters most for a public answer, whose
 * `stale-while-revalidate` a browser (Chromium) also honours: without it the first read after signing in was
 * the visitor's copy (issue 41). Hashed assets and uploads are the same for everyone and vary on nothing.
 */
function mayDependOnSession(request: FastifyRequest, reply: FastifyReply, cacheControl: string) {
  if (cacheControl.includes('no-store')) return false;
  if (request.url.startsWith('/api/')) return true;
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/**
 * Cache headers decided per answer (docs/decisions/0022):
 * - API reads: ETags on successful reads (a repeat with If-None-Match answers 304 with no body). A public
 *   route's 200 to a request without a session is `SHARED_CACHE` with a strong ETag unless the route says
 *   otherwise; personal answers are `private, no-cache` (whatever their status or method); `no-store` ones get
 *   no ETag; the rest `no-cache`.
 * - API answers and pages that a browser may keep vary on the cookie (mayDependOnSession).
 * - Every answer (pages too): one that sets a cookie is `private, no-store`, and one to a request with a session
 *   cookie is never `public` or `s-maxage` (a signed-in visitor's page is private even though its HTML is the
 *   visitor's), since a CDN that ignores `Vary: Cookie` would hand it to the next visitor.
 */
export const etagPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/')) return payload;
      const personal = isPersonal(request);
      if (!reply.hasHeader('cache-control') && personal) reply.header('cache-control', PERSONAL);
      if (!isRead(request) || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (cacheControl.includes('no-store')) return payload;
      // A route that validated its answer itself (the sold list's strong ETag of its uncompressed bytes) keeps it.
      if (reply.hasHeader('etag')) return payload;
      const shared = !cacheControl && request.routeOptions.config?.access === 'public';
      if (!cacheControl) reply.header('cache-control', shared ? SHARED_CACHE : 'no-cache');
      return revalidate(request, reply, payload, shared) ? '' : payload;
    });

    // Last word on every answer: nothing personal is ever marked for a shared cache.
    app.addHook('onSend', async (request, reply, payload) => {
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (mayDependOnSession(request, reply, cacheControl)) addVary(reply, 'cookie');
      if (reply.hasHeader('set-cookie')) {
        if (!cacheControl.includes('no-store')) reply.header('cache-control', 'private, no-store');
      } else if (cacheControl.includes('s-maxage')) {
        if (request.user || hasSessionCookie(request)) reply.header('cache-control', PERSONAL);
      }
      return payload;
    });
  },
  { name: 'etag', dependencies: ['session'] },
);
