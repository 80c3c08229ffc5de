import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than the header costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli or gzip, as the client asks, for API answers and text over 1 KB, compressed on the fly (routes
 * registered after this plugin). Hashed assets are compressed once at build time and served as their .br
 * and .gz files (scripts/compress-assets.mjs); pages are compressed by the page handler (src/server/pages).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      // Quality 4: most of brotli's gain at a fraction of quality 11's time, which only build-time output can afford.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  // After the ETags: a validator is computed on the bytes before compression.
  { name: 'compression', dependencies: ['etag'] },
);
