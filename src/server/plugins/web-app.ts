import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@shared/paths';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client route
 * (history fallback), uploaded images from storage, and JSON 404s under /api.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { webRoot?: string; uploadsDir: string }) => {
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => res.header('cache-control', IMMUTABLE),
    });

    const indexPath = opts.webRoot ? join(opts.webRoot, 'index.html') : undefined;
    const hasWebApp = indexPath !== undefined && existsSync(indexPath);
    const indexHtml = hasWebApp ? readFileSync(indexPath) : undefined;

    if (hasWebApp && opts.webRoot) {
      await app.register(fastifyStatic, {
        root: opts.webRoot,
        prefix: '/',
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          const isHashed = filePath.includes('/assets/');
          res.header('cache-control', isHashed ? IMMUTABLE : 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
      if (!wantsPage || !indexHtml) {
        return reply.status(404).send({ status: 'fail', code: 'NOT_FOUND', message: MESSAGES.notFound });
      }
      return reply
        .status(isClientRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  },
);
