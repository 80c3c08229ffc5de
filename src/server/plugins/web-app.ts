import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageRenderer } from '../pages/renderer';
import { builtRenderer } from '../pages/renderer';
import { createPageServer, type PageServer } from '../pages/serve-page';

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
      uploadsDir: string;
      /** The server renderer; default: the built one next to webRoot (dist/ssr), when there is one. */
      renderer?: () => Promise<PageRenderer>;
      /** Routes that answer a page's own form posted without JavaScript with that page. */
      pagePosts?: (app: FastifyInstance, opts: { servePage: PageServer }) => Promise<void>;
    },
  ) => {
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => res.header('cache-control', IMMUTABLE),
    });

    const indexPath = opts.webRoot ? join(opts.webRoot, 'index.html') : undefined;
    const hasWebApp = indexPath !== undefined && existsSync(indexPath);
    const indexHtml = hasWebApp ? readFileSync(indexPath, 'utf8') : undefined;
    const servePage =
      indexHtml &&
      createPageServer(
        app,
        indexHtml,
        opts.renderer ?? (opts.webRoot ? builtRenderer(opts.webRoot) : undefined),
        opts.webRoot,
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
