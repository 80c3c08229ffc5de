import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD } from '../plugins/compression';
import { bodyEtag, revalidateWith, SHARED_CACHE } from '../plugins/etag';

/** The encoding to answer with: brotli when the client takes it, else gzip, else none (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/** A page kept for later answers (html-cache.ts): its compressed forms and ETag are made once, then reused. */
type PageMemo = { compressed: Partial<Record<'br' | 'gzip', Buffer>>; etag?: string };

/**
 * Sends a page's HTML compressed as the client asks (the not-found handler that serves pages is outside
 * @fastify/compress's reach). Pages are revalidated on every visit: never cached as immutable. A page a
 * shared cache may keep (`SHARED_CACHE`) has a strong ETag and answers a matching If-None-Match with 304.
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
  const body = (memo.compressed[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(html, { level: 6 }));
  return reply.header('content-encoding', encoding).send(body);
}
