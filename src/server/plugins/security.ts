import helmet from '@fastify/helmet';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addVary } from '../lib/vary';
import { mayMutateFrom } from '../rules/request-rules';

/** Security headers with a CSP the app passes (no inline script), and refusal of cross-site mutations. */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      appOrigin?: string;
      hsts: boolean;
      corsOrigins?: string[];
      imageOrigins?: string[];
      /** Where the map's style, tiles, glyphs and sprites come from (MAP_STYLE_URL, MAP_ORIGINS). */
      mapOrigins?: string[];
    },
  ) => {
    const corsOrigins = new Set(opts.corsOrigins ?? []);
    const mapOrigins = [...new Set(opts.mapOrigins ?? [])];
    if (corsOrigins.size) corsPlugin(app, corsOrigins);

    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imageOrigins ?? []), ...mapOrigins],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...mapOrigins],
          // The map's worker is a module of our own origin (maplibre-gl-worker.mjs).
          workerSrc: ["'self'"],
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

    // Mail clients load the agency's logo (the app's icons) from another origin; photos for mail set it themselves.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/icons/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    });

    app.addHook('onRequest', async (request, reply) => {
      const allowed = mayMutateFrom({
        method: request.method,
        origin: request.headers.origin,
        fetchSite: request.headers['sec-fetch-site'] as string | undefined,
        ownOrigin: `${request.protocol}://${request.host}`,
        appOrigin: opts.appOrigin,
        corsOrigins,
      });
      if (!allowed) {
        return reply.status(403).send({ status: 'fail', code: 'FORBIDDEN', message: MESSAGES.foreignOrigin });
      }
    });
  },
  { name: 'security' },
);

const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'Content-Type, Accept, X-Requested-With, Idempotency-Key';

/**
 * CORS for the exact origins of CORS_ORIGINS only (a separately hosted client during a migration): those
 * get their own origin back with credentials, never '*'; any other origin gets no CORS header at all, so
 * the browser keeps its response from the page. Preflights of a listed origin answer 204 here.
 */
function corsPlugin(app: FastifyInstance, origins: Set<string>) {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    addVary(reply, 'Origin');
    if (origin === undefined || !origins.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', CORS_METHODS);
      reply.header('Access-Control-Allow-Headers', CORS_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    }
  });
}
