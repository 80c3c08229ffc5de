import {
  type Context,
  context as otelContext,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  currentRequest,
  newRequestContext,
  type RequestContext,
  type RequestTimes,
  runInRequest,
} from '../lib/request-context';
import { REQUEST_ID_ATTRIBUTE } from '../lib/tracing';

type Entry = { context: RequestContext; trace: Context };
const entries = new WeakMap<FastifyRequest, Entry>();

/** Where the request's time went so far (database, render, compression): the slow-request log. */
export const requestTimes = (request: FastifyRequest): RequestTimes | undefined =>
  entries.get(request)?.context.times;

/** Reads a W3C `traceparent` from the request's headers, so a caller's trace continues here. */
const headerGetter = {
  keys: (carrier: FastifyRequest['headers']) => Object.keys(carrier),
  get: (carrier: FastifyRequest['headers'], key: string) => carrier[key],
};

/**
 * Each request runs in a context of its own (lib/request-context.ts): its id, for every log line and span, and
 * the time its database statements, render and compression took. With tracing on (lib/tracing.ts) it also gets
 * a server span named by its route pattern, under the caller's trace when a `traceparent` header names one.
 * First of the hooks, so everything after it runs inside; entered again after the body is read, since a body
 * arrives through its socket's events.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    const tracer = trace.getTracer('link-realestate');
    const enter = (request: FastifyRequest, done: () => void) => {
      const entry = entries.get(request);
      if (!entry) return done();
      runInRequest(entry.context, () => otelContext.with(entry.trace, done));
    };

    app.addHook('onRequest', (request, _reply, done) => {
      const parent = propagation.extract(otelContext.active(), request.headers, headerGetter);
      const span = tracer.startSpan(
        request.method,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, [REQUEST_ID_ATTRIBUTE]: request.id },
        },
        parent,
      );
      entries.set(request, { context: newRequestContext(request.id), trace: trace.setSpan(parent, span) });
      enter(request, done);
    });
    app.addHook('preValidation', (request, _reply, done) => enter(request, done));

    app.addHook('onResponse', async (request, reply) => {
      const entry = entries.get(request);
      const span = entry && trace.getSpan(entry.trace);
      if (!entry || !span?.isRecording()) return;
      const route = request.routeOptions.url;
      if (route) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      const times = entry.context.times;
      span.setAttributes({
        'app.db_ms': Math.round(times.dbMs),
        'app.db_queries': times.dbQueries,
        'app.render_ms': Math.round(times.renderMs),
        'app.compress_ms': Math.round(times.compressMs),
      });
      span.end();
    });
  },
  { name: 'request-context' },
);

let chindings: symbol | undefined;

/**
 * The logger's mixin: every log line written while a request runs names it (`reqId`), those of the app's own
 * logger and of the modules' too, not only the request's child logger's (which already carry it).
 */
export function requestIdMixin(_object: object, _level: number, logger: object): { reqId?: string } {
  const request = currentRequest();
  if (!request) return {};
  chindings ??= Object.getOwnPropertySymbols(logger).find((s) => s.description === 'pino.chindings');
  const bound = chindings ? (logger as Record<symbol, unknown>)[chindings] : undefined;
  if (typeof bound === 'string' && bound.includes('"reqId"')) return {};
  return { reqId: request.requestId };
}
