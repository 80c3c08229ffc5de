import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestTimes } from './request-context';

export type RequestLogOptions = {
  /** Share of successful, fast requests logged (0..1): every one in development, a sample in production. */
  successSample: number;
  /**
   * A request answered slower than this (ms) is always logged, as a warning naming its route pattern and where
   * its time went (LOG_SLOW_MS).
   */
  slowMs: number;
};

/**
 * The share of successful, fast requests logged: LOG_REQUEST_SAMPLE when set, else 5% in production (`npm
 * start` sets NODE_ENV=production) and every one elsewhere.
 */
export const requestLogSample = (env: { NODE_ENV: string; LOG_REQUEST_SAMPLE?: number | undefined }) =>
  env.LOG_REQUEST_SAMPLE ?? (env.NODE_ENV === 'production' ? 0.05 : 1);

const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * A slow request's route pattern and where its time went, in ms: its database statements (their sum, and how
 * many), the page's render (which includes the database time of the API reads it makes) and the compression.
 */
function whereTimeWent(request: FastifyRequest) {
  const times = requestTimes(request);
  return {
    route: request.routeOptions.url ?? 'unmatched',
    ...(times
      ? {
          dbMs: ms(times.dbMs),
          dbQueries: times.dbQueries,
          renderMs: ms(times.renderMs),
          compressMs: ms(times.compressMs),
        }
      : {}),
  };
}

/**
 * One line per request when it is answered (`request completed`: method, URL, client address and port, status,
 * time), in place of Fastify's two. Every error answer (4xx, 5xx) and every slow request is logged; of the
 * rest, a sample: writing a line for each of thousands of searches a second cost a tenth of the server's CPU
 * (docs/performance.md), and a sample still shows the traffic's shape.
 */
export const requestLogPlugin = fp<RequestLogOptions>(
  async (app: FastifyInstance, { successSample, slowMs }) => {
    app.addHook('onResponse', async (request, reply) => {
      const responseTime = reply.elapsedTime;
      const status = reply.statusCode;
      const slow = responseTime >= slowMs;
      if (status < 400 && !slow && (successSample <= 0 || Math.random() >= successSample)) return;
      const line = { req: request, res: reply, responseTime, ...(slow ? whereTimeWent(request) : {}) };
      // 503 is the server saying it cannot take the request now (overload, the database unavailable), not a bug.
      if (status === 503) request.log.warn(line, 'request completed');
      else if (status >= 500) request.log.error(line, 'request completed');
      else if (slow) request.log.warn(line, 'request completed slowly');
      else request.log.info(line, 'request completed');
    });
  },
  { name: 'request-log' },
);
