import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, compressBody, pickEncoding } from '../plugins/compression';
import { bodyEtag, revalidateWith, SHARED_CACHE } from '../plugins/etag';

/** A page kept for later answers (html-cache.ts): its compressed forms and ETag are made once, then reused. */
type PageMemo = { compressed: Partial<Record<'br' | 'gzip', Buffer>>; etag?: string };

/**
 * Sends a page's HTML compressed as the client asks (the not-found handler that serves pages is outside the
 * compression hook's reach), in one call at the measured per-request level (plugins/compression.ts). Pages
 * are revalidated on every visit: never cached as immutable. A page a shared cache may keep (`SHARED_CACHE`)
 * has a strong ETag and answers a matching If-None-Match with 304.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string | Buffer,
  cacheControl = 'no-cache',
  memo: PageMemo = { compressed: {} },
) {
  reply.status(status).header('cache-control', cacheControl).type('text/html; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (cacheControl === SHARED_CACHE && status === 200) {
    memo.etag ??= bodyEtag(html, true);
    if (revalidateWith(request, reply, memo.etag)) return reply.send();
  }
  const encoding =
    Buffer.byteLength(html) >= COMPRESS_THRESHOLD
      ? pickEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(html);
  memo.compressed[encoding] ??= compressBody(html, encoding);
  const body = memo.compressed[encoding];
  return reply.header('content-encoding', encoding).send(body);
}
