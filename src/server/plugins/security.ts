import helmet from '@fastify/helmet';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a CSP the app passes (no inline script), and refusal of cross-site mutations. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { appOrigin?: string; hsts: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Browsers ignore HSTS over plain HTTP, so it is safe to send whenever the server runs in production.
      hsts: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });

    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      const ownOrigin = `${request.protocol}://${request.host}`;
      const allowed = origin === undefined || origin === ownOrigin || origin === opts.appOrigin;
      if (!allowed || fetchSite === 'cross-site') {
        return reply.status(403).send({ status: 'fail', code: 'FORBIDDEN', message: MESSAGES.foreignOrigin });
      }
    });
  },
);
