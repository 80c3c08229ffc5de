/**
 * Whether an error is the database being unavailable (an outage, answered 503 with Retry-After and logged as a
 * warning) rather than a bug (500 with its stack). Drizzle wraps the driver's error in its own, so the whole
 * `cause` chain is read.
 */
export type OutageReason =
  /** No connection: refused, reset, cut off, or the server went away mid-query. */
  | 'unreachable'
  /** PostgreSQL is starting up, shutting down or in recovery, or has no connection slot left. */
  | 'starting-or-stopping'
  /** A query ran past PG_STATEMENT_TIMEOUT_MS. */
  | 'statement-timeout'
  /** No pooled connection came free within PG_POOL_ACQUIRE_TIMEOUT_MS. */
  | 'pool-timeout';

/** Seconds a client is told to wait before trying again, by reason. */
export const RETRY_AFTER_SECONDS: Record<OutageReason, number> = {
  unreachable: 5,
  'starting-or-stopping': 5,
  'statement-timeout': 2,
  'pool-timeout': 2,
};

/** Node's socket errors: the database host cannot be reached or dropped the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now ("the database
 * system is starting up / shutting down"), 53300 too_many_connections; class 08 is connection exceptions.
 */
const STOPPING_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool say these in words only, without a code. */
const DRIVER_MESSAGES: [RegExp, OutageReason][] = [
  [/^timeout exceeded when trying to connect$/, 'pool-timeout'],
  [/^Connection terminated/, 'unreachable'],
  [/is not queryable$/, 'unreachable'],
  [/^Client was closed/, 'unreachable'],
];

type Coded = { code?: unknown; message?: unknown; cause?: unknown };

function reasonOf(err: Coded): OutageReason | undefined {
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : '';
  if (SOCKET_CODES.has(code)) return 'unreachable';
  if (STOPPING_CODES.has(code)) return 'starting-or-stopping';
  if (code.length === 5 && code.startsWith('08')) return 'unreachable';
  // 57014 is any cancelled query; only the statement timeout's is an outage (a cancel asked for is not).
  if (code === '57014' && message.includes('statement timeout')) return 'statement-timeout';
  for (const [pattern, reason] of DRIVER_MESSAGES) if (pattern.test(message)) return reason;
  return undefined;
}

export function databaseOutage(err: unknown): OutageReason | undefined {
  // A bounded walk: a cause chain that loops must not hang the error handler.
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    const reason = reasonOf(current as Coded);
    if (reason) return reason;
    // AggregateError (a host with several addresses, each refused) keeps its errors in `errors`.
    const many = (current as { errors?: unknown }).errors;
    if (Array.isArray(many) && many.length > 0) {
      const inner = many.map((e) => databaseOutage(e)).find(Boolean);
      if (inner) return inner;
    }
    current = (current as Coded).cause;
  }
  return undefined;
}
