import { type ErrorBody, MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTurnGate } from '../lib/turns';
import { markUnavailable } from '../lib/unavailable';

export type OverloadOptions = {
  /** Requests in progress (running or waiting for the database) beyond which new ones get 503; 0: no limit. */
  maxPending: number;
  /**
   * How long the event loop may have been busy, without coming round to its timers, before a request it reads
   * now is refused with 503; 0: no limit. Such a request has waited at least that long, unread in its socket.
   */
  maxLoopDelayMs?: number;
  retryAfterSeconds?: number;
  /** Start requests that use the database one per turn of the event loop (lib/turns.ts). */
  onePerTurn?: boolean;
  /** With `onePerTurn`: a request that waited longer than this for its turn gets 503 when it comes; 0: no limit. */
  maxWaitMs?: number;
};

/** Half a second of work in one turn of the loop: past it, the rest of the turn's requests are refused. */
export const DEFAULT_MAX_LOOP_DELAY_MS = 500;

/**
 * A second and a half waiting for a turn: 200 users at once on two cores wait about half of it; past it the
 * user is better served by a quick 503 and a retry than by a longer wait.
 */
export const DEFAULT_MAX_REQUEST_WAIT_MS = 1_500;

/** How often the loop's clock is read when idle; also the precision of `maxLoopDelayMs`. */
const TICK_MS = 10;

const OVERLOADED: ErrorBody = { status: 'error', code: 'UNAVAILABLE', message: MESSAGES.overloaded };

/** Static files and the health check never wait for the database, so they are neither counted nor refused. */
function usesDatabase(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  if (
    path === '/api/health' ||
    path.startsWith('/api/health/') ||
    path.startsWith('/assets/') ||
    path.startsWith('/uploads/')
  )
    return false;
  return path.startsWith('/api/') || !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Overload is answered at once with 503 and `Retry-After` instead of making users wait, on two signals:
 * - The event loop has been busy past `maxLoopDelayMs` since it last ran its timers. The embedded database
 *   runs on the server's own loop, so under a burst one turn of the loop serves every socket that became
 *   readable, one after another, and the waiting happens before a request is even read
 *   (docs/reliability.md), where no count of requests in progress sees it. The requests read late in such a
 *   turn get a 503, which costs a fraction of an answer, so the turn ends and no one waits much longer.
 * - Requests in progress (running or waiting for the database) past `maxPending`: a bounded queue inside,
 *   which is what fills up when the database is a server of its own.
 * With `onePerTurn`, requests start one per turn of the loop (lib/turns.ts), so a turn no longer serves a
 * whole burst and the loop comes back to new connections between requests; the wait moves from the sockets
 * into a queue, and a request that waited there past `maxWaitMs` gets the 503 instead.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, opts: OverloadOptions) => {
    const refuse = (reply: FastifyReply) =>
      reply
        .code(503)
        .header('retry-after', String(opts.retryAfterSeconds ?? 1))
        .header('cache-control', 'no-store')
        .send(OVERLOADED);

    const maxLoopDelay = opts.maxLoopDelayMs ?? 0;
    let lastTick = performance.now();
    if (maxLoopDelay > 0) {
      const clock = setInterval(() => {
        lastTick = performance.now();
      }, TICK_MS).unref();
      app.addHook('onClose', async () => clearInterval(clock));
    }

    const turns = opts.onePerTurn ? createTurnGate() : null;
    const maxWait = opts.maxWaitMs ?? 0;
    // Past this many waiting for their turn, a new request is refused at once.
    const maxWaiting = opts.maxPending > 0 ? opts.maxPending * 4 : 1_024;
    let pending = 0;
    const counted = new WeakSet<FastifyRequest>();
    const release = async (request: FastifyRequest) => {
      if (counted.delete(request)) pending -= 1;
    };
    app.addHook('onRequest', async (request, reply) => {
      if (!usesDatabase(request.url)) return;
      const busyFor = performance.now() - lastTick;
      if (maxLoopDelay > 0 && busyFor > maxLoopDelay + TICK_MS) {
        request.log.warn({ busyFor }, 'event loop busy: request refused with 503');
        markUnavailable(request, 'event-loop-busy');
        return refuse(reply);
      }
      if (turns) {
        if (turns.waiting >= maxWaiting) {
          request.log.warn({ waiting: turns.waiting }, 'overloaded: request refused with 503');
          markUnavailable(request, 'overloaded');
          return refuse(reply);
        }
        const readAt = performance.now();
        await turns.wait();
        const waited = performance.now() - readAt;
        if (maxWait > 0 && waited > maxWait) {
          request.log.warn({ waited }, 'waited too long for its turn: request refused with 503');
          markUnavailable(request, 'event-loop-busy');
          return refuse(reply);
        }
      }
      if (opts.maxPending <= 0) return;
      if (pending >= opts.maxPending) {
        request.log.warn({ pending }, 'overloaded: request refused with 503');
        markUnavailable(request, 'overloaded');
        return refuse(reply);
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
