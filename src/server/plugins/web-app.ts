import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageRenderer } from '../pages/renderer';
import { builtRenderer } from '../pages/renderer';
import { createPageServer, type PageLimits, type PageServer } from '../pages/serve-page';
import { checkTemplate } from '../pages/template';
import { parseByteRange } from '../storage/byte-range';
import type { S3Storage } from '../storage/s3-storage';
import { isPublicKey, keyOfUploadsPath, LocalStorage, type Storage } from '../storage/storage';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed), every page of the app
 * (server-rendered public pages, the client-rendered shell for the rest, 404 for unknown paths and unknown
 * property or agent ids; src/server/pages), uploaded images from storage, and JSON 404s under /api.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      webRoot?: string;
      /** Local files are served from their folder; a bucket's through the server (or from its public URL). */
      storage: Storage;
      /** The server renderer; default: the built one next to webRoot (dist/ssr), when there is one. */
      renderer?: () => Promise<PageRenderer>;
      /** Keep pages' HTML until what they read changes (default true). */
      keepPages?: boolean;
      /** Routes that answer a page's own form posted without JavaScript with that page. */
      pagePosts?: (app: FastifyInstance, opts: { servePage: PageServer }) => Promise<void>;
      /** Pages counted against a per-address limit before they are served (serve-page.ts). */
      pageLimits?: PageLimits;
    },
  ) => {
    // Signed documents live in the same storage as photos but are never public files (docs/decisions/0040).
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/uploads/')) return;
      let key: string | undefined;
      try {
        key = keyOfUploadsPath(
          posix.normalize(decodeURIComponent(request.url.split(/[?#]/)[0]!).replace(/\\/g, '/')),
        );
      } catch {
        key = 'orders/';
      }
      if (key === undefined || isPublicKey(key)) return;
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ status: 'fail', code: 'NOT_FOUND', message: MESSAGES.notFound });
    });
    if (opts.storage instanceof LocalStorage) {
      await app.register(fastifyStatic, {
        root: opts.storage.root,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        setHeaders: (res) => res.header('cache-control', IMMUTABLE),
      });
    } else {
      // Also the way to files whose /uploads/ URLs were stored before they were moved to the bucket. Streams the
      // object, or the one byte range asked for (a video's seeking), as the local disk's static files do.
      const storage = opts.storage as S3Storage;
      app.get('/uploads/*', async (request, reply) => {
        const key = keyOfUploadsPath(request.url);
        const opened = key ? await storage.open(key, parseByteRange(request.headers.range)) : undefined;
        if (!opened)
          return reply
            .code(404)
            .header('cache-control', 'no-store')
            .send({ status: 'fail', code: 'NOT_FOUND', message: MESSAGES.notFound });
        reply.header('accept-ranges', 'bytes');
        if ('unsatisfiable' in opened) {
          return reply.code(416).header('content-range', `bytes */${opened.size}`).send();
        }
        reply
          .header('cache-control', IMMUTABLE)
          .type(opened.contentType)
          .header('content-length', opened.length);
        if (opened.contentRange) reply.code(206).header('content-range', opened.contentRange);
        if (request.method === 'HEAD') {
          // The length is known: stop the download and answer with no body (an empty stream keeps the length).
          opened.body.destroy();
          return reply.send(Readable.from([]));
        }
        return reply.send(opened.body);
      });
    }

    const indexPath = opts.webRoot ? join(opts.webRoot, 'index.html') : undefined;
    const hasWebApp = indexPath !== undefined && existsSync(indexPath);
    const indexHtml = hasWebApp ? readFileSync(indexPath, 'utf8') : undefined;
    // A template the pages cannot go into stops the server at start, not every page with a 500.
    if (indexHtml) checkTemplate(indexHtml);
    const servePage =
      indexHtml &&
      createPageServer(
        app,
        indexHtml,
        opts.renderer ?? (opts.webRoot ? builtRenderer(opts.webRoot) : undefined),
        opts.webRoot,
        opts.keepPages,
        opts.pageLimits,
      );

    if (hasWebApp && opts.webRoot) {
      await app.register(fastifyStatic, {
        root: opts.webRoot,
        prefix: '/',
        wildcard: false,
        index: false,
        // The .br and .gz files written at build time (scripts/compress-assets.mjs), as the client accepts.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const isHashed = filePath.includes('/assets/');
          res.header('cache-control', isHashed ? IMMUTABLE : 'public, max-age=3600');
        },
      });
    }

    if (servePage && opts.pagePosts) await app.register(opts.pagePosts, { servePage });

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
      if (!wantsPage || !servePage) {
        return reply.status(404).send({ status: 'fail', code: 'NOT_FOUND', message: MESSAGES.notFound });
      }
      return servePage(request, reply);
    });
  },
  // The pages and files are compressed, and their ETags checked, by the plugins before it.
  { name: 'web-app', dependencies: ['etag', 'compression'] },
);
