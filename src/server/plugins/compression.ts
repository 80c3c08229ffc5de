import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addTime } from '../lib/request-context';
import { addVary } from '../lib/vary';

/** Text smaller than this goes out as it is: compressing it saves less than the header costs. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * JSON smaller than this goes out as it is: a single property (about 2 KB) would save about 1.4 KB for
 * 50 µs of brotli, a sixth of its whole CPU budget, and fits the first round trip either way.
 */
export const JSON_COMPRESS_THRESHOLD = 4096;

/**
 * Brotli quality of answers made per request (pages, API answers). Measured on a 100 KB listing page: quality 5
 * 1.31 ms for 13.7 KB, 4 0.87 ms for 14.7 KB, 3 0.58 ms for 15.5 KB, 1 0.35 ms for 17.2 KB; on a 25 KB
 * search answer quality 4 126 µs, 3 82 µs (docs/performance.md). Build-time assets get quality 11.
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 6;
/**
 * JSON at least this large is made per request from many rows (every agent's performance: 160 KB for 300
 * agents) and compresses well at any level: brotli quality 1 and gzip level 1. Measured on that answer: quality
 * 3 took 5 times as long as quality 1 (about as long as loading, mapping and encoding the answer together) for
 * 17.3 KB instead of 22.5 KB (docs/performance.md, Indicators).
 */
export const LARGE_JSON = 64 * 1024;
const FAST = { brotli: 1, gzip: 1 };

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when the client takes it, else gzip, else none (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compressed forms of answers held as Buffers, by the Buffer itself: an answer a read cache serves again (the
 * same Buffer on every hit) is compressed once, not on every hit. Kept as long as the Buffer lives. Strings
 * are compressed each time: a lookup by their text would cost a comparison of long texts.
 */
const kept = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();

/**
 * The body compressed in one call, at the per-request level (`fast`: the levels of large JSON); its time counts
 * as the request's compression (the slow-request log).
 */
export function compressBody(body: string | Buffer, encoding: Encoding, fast = false): Buffer {
  const started = performance.now();
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: fast ? FAST.brotli : BROTLI_QUALITY },
        })
      : gzipSync(body, { level: fast ? FAST.gzip : GZIP_LEVEL });
  addTime('compress', performance.now() - started);
  return compressed;
}

/** The body compressed with `encoding`, once for all the times the same Buffer is sent. */
export function compressOnce(body: string | Buffer, encoding: Encoding, fast = false): Buffer {
  const entry = typeof body === 'string' ? undefined : kept.get(body);
  const known = entry?.[encoding];
  if (known) return known;
  const compressed = compressBody(body, encoding, fast);
  if (typeof body !== 'string') kept.set(body, { ...entry, [encoding]: compressed });
  return compressed;
}

/**
 * Compresses a whole answer in memory (a string or Buffer), as the client asks: sets the headers and returns
 * the bytes to send, or undefined to send the body as it is.
 */
export function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
): Buffer | undefined {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return undefined;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || reply.hasHeader('content-range'))
    return undefined;
  const json = type.startsWith('application/json');
  const size = Buffer.byteLength(body);
  if (size < (json ? JSON_COMPRESS_THRESHOLD : COMPRESS_THRESHOLD)) return undefined;
  addVary(reply, 'accept-encoding');
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return undefined;
  reply.header('content-encoding', encoding);
  return compressOnce(body, encoding, json && size >= LARGE_JSON);
}

/**
 * Brotli or gzip, as the client asks, for API answers and text. Answers held in memory (nearly all: JSON,
 * pages) are compressed in one call, once per distinct body (compressOnce); streams (the full lists, a
 * static file without a pre-compressed form) through @fastify/compress's streams. Hashed assets are
 * compressed once at build time and served as their .br and .gz files (scripts/compress-assets.mjs).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Before @fastify/compress's own hook (a route's hooks run after the application's), which passes on
    // an answer that already has a content-encoding.
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (payload.length === 0) return payload;
      return compressAnswer(request, reply, payload) ?? payload;
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      // Streams only: every answer held in memory was decided by the hook above.
      threshold: Number.MAX_SAFE_INTEGER,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    });
  },
  // After the ETags: a validator is computed on the bytes before compression.
  { name: 'compression', dependencies: ['etag'] },
);
