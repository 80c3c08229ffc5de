import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from '../lib/vary';
import { COMPRESS_THRESHOLD, compressBody, pickEncoding } from '../plugins/compression';
import { bodyEtag, revalidateWith, SHARED_CACHE } from '../plugins/etag';

/** A page kept for later answers (html-cache.ts): its compressed forms and ETag are made once, then reused. */
type PageMemo = { compressed: Partial<Record<'br' | 'gzip', Buffer>>; etag?: string; bytes?: Buffer };

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
  addVary(reply, 'accept-encoding');
  // Encoded to UTF-8 once: the ETag, the compression and the plain answer all read the same bytes.
  if (typeof html === 'string') memo.bytes ??= Buffer.from(html);
  const bytes = typeof html === 'string' ? (memo.bytes as Buffer) : html;
  if (cacheControl === SHARED_CACHE && status === 200) {
    memo.etag ??= bodyEtag(bytes, true);
    if (revalidateWith(request, reply, memo.etag)) return reply.send();
  }
  const encoding =
    bytes.length >= COMPRESS_THRESHOLD ? pickEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(bytes);
  memo.compressed[encoding] ??= compressBody(bytes, encoding);
  const body = memo.compressed[encoding];
  return reply.header('content-encoding', encoding).send(body);
}
