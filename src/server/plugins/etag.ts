import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A weak validator of the answer's bytes before compression (the same for its br, gzip and plain forms). */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** True when If-None-Match names this ETag (a list, `*`, or the same tag strong or weak). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Answers 304 with no body when the request's If-None-Match names this ETag; otherwise sends the ETag. */
export function revalidate(request: FastifyRequest, reply: FastifyReply, body: string | Buffer): boolean {
  const etag = weakEtag(body);
  reply.header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  reply.code(304).removeHeader('content-length');
  return true;
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * A personal answer: a route for signed-in users only, or any answer to a request that carries a session (what
 * a public route says may depend on who asks). Never kept by a shared cache (a proxy, a CDN).
 */
const isPersonal = (request: FastifyRequest) =>
  request.url.startsWith('/api/v1/') &&
  (request.routeOptions.config?.access !== 'public' || Boolean(request.user));

/**
 * ETags on successful API reads: a repeat request with If-None-Match answers 304 with no body. Answers are
 * `no-cache` unless the route says otherwise (stored, but always revalidated), personal ones `private, no-cache`
 * (whatever their status or method), and `no-store` ones get no ETag.
 */
export const etagPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/')) return payload;
      if (!reply.hasHeader('cache-control') && isPersonal(request))
        reply.header('cache-control', 'private, no-cache');
      if (!isRead(request) || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (cacheControl.includes('no-store')) return payload;
      if (!cacheControl) reply.header('cache-control', 'no-cache');
      return revalidate(request, reply, payload) ? '' : payload;
    });
  },
  { name: 'etag' },
);
