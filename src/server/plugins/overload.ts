import { type ErrorBody, MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type OverloadOptions = {
  /** Requests in progress (running or waiting for the database) beyond which new ones get 503; 0: no limit. */
  maxPending: number;
  retryAfterSeconds?: number;
};

const OVERLOADED: ErrorBody = { status: 'error', code: 'UNAVAILABLE', message: MESSAGES.overloaded };

/** Static files and the health check never wait for the database, so they are neither counted nor refused. */
function usesDatabase(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  if (path === '/api/health' || path.startsWith('/assets/') || path.startsWith('/uploads/')) return false;
  return path.startsWith('/api/') || !/\.[a-z0-9]+$/i.test(path);
}

/**
 * A bounded queue in front of the database. PGlite runs one statement at a time, so under a burst requests
 * queue inside it and, unbounded, some waited more than 30 s. Past `maxPending` requests in progress a new
 * one is answered at once with 503 and `Retry-After`, and those admitted keep a bounded wait.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, opts: OverloadOptions) => {
    if (opts.maxPending <= 0) return;
    let pending = 0;
    const counted = new WeakSet<FastifyRequest>();
    const release = async (request: FastifyRequest) => {
      if (counted.delete(request)) pending -= 1;
    };
    app.addHook('onRequest', async (request, reply) => {
      if (!usesDatabase(request.url)) return;
      if (pending >= opts.maxPending) {
        request.log.warn({ pending }, 'overloaded: request refused with 503');
        return reply
          .code(503)
          .header('retry-after', String(opts.retryAfterSeconds ?? 1))
          .header('cache-control', 'no-store')
          .send(OVERLOADED);
      }
      pending += 1;
      counted.add(request);
      // 'close' comes for every response, finished or cut off by the client; onResponse covers inject().
      reply.raw.once('close', () => void release(request));
    });
    app.addHook('onResponse', release);
  },
  { name: 'overload' },
);
