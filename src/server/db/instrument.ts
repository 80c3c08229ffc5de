import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { addTimeTo, currentRequest } from '../lib/request-context';
import { startSpan } from '../lib/tracing';

/**
 * What the metrics, the slow-request log and the traces see of the database: each query (on PGlite each
 * statement outside a transaction, and each transaction as one) is timed in the request that made it, and gets
 * a span when tracing is on. Only the statement's text goes into the span, never its values.
 */
export type QueryStats = {
  /** Statements (PGlite: statements and transactions) running or waiting for the connection now. */
  active: number;
  /** Connections lost, and connections that could not be had (refused, timed out). */
  connectionErrors: number;
};

const system = { postgres: 'postgresql', pglite: 'pglite' } as const;

/** The first words of a statement, as a span's name: `SELECT`, `INSERT INTO`, ... */
function operationOf(text: string): string {
  const word = /^\s*(\w+)/.exec(text)?.[1];
  return word ? word.toUpperCase() : 'QUERY';
}

/** The text of a `query` call's first argument: a string, or a query config with `text`. */
function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof arg.text === 'string') return arg.text;
  return '';
}

/** Starts timing one statement; the function it returns ends it (with its error, if it failed). */
export function startQuery(kind: 'postgres' | 'pglite', stats: QueryStats, text: string) {
  stats.active += 1;
  const request = currentRequest();
  const started = performance.now();
  const span = startSpan(text ? operationOf(text) : 'TRANSACTION', {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': system[kind], ...(text ? { 'db.query.text': text.slice(0, 2000) } : {}) },
  });
  return (err?: unknown) => {
    stats.active -= 1;
    if (request) addTimeTo(request, 'db', performance.now() - started);
    if (err) span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    span.end();
  };
}

/** Times a promise-returning call as one statement. */
export async function timed<T>(
  kind: 'postgres' | 'pglite',
  stats: QueryStats,
  text: string,
  run: () => Promise<T>,
): Promise<T> {
  const end = startQuery(kind, stats, text);
  try {
    const value = await run();
    end();
    return value;
  } catch (err) {
    end(err);
    throw err;
  }
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Wraps `target.query` (a pg client's or pool's, PGlite's) so that every promise-returning call is timed; a
 * call with a callback (pg-pool's own use of its clients) is left alone, so that no statement counts twice.
 */
export function wrapQuery(target: { query: QueryFn }, kind: 'postgres' | 'pglite', stats: QueryStats) {
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    if (typeof args.at(-1) === 'function') return original.apply(this, args);
    return timed(kind, stats, textOf(args[0]), () => original.apply(this, args) as Promise<unknown>);
  };
}
