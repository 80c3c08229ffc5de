import { isIP } from 'node:net';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * A security switch fails safe: unset means its secure default, and an empty value (`COOKIE_SECURE=` left over in
 * a file) is an error, never a silent `false`.
 */
const securitySwitch = z
  .enum(['true', 'false', '1', '0'], {
    error:
      'must be true or false (an empty value is not false: leave the variable out for the secure default)',
  })
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** An IPv4/IPv6 address, optionally with a /prefix (CIDR). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For: a hop count, or a comma-separated list of addresses/CIDRs (Fastify's
 * trustProxy forms). Never a bare `true`, which would let any client choose its own IP and dodge rate limits.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value === 'true' || !entries.every(isAddressOrCidr)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count (e.g. 1 for one reverse proxy) or a comma-separated list of proxy addresses or ' +
          'CIDRs (e.g. 127.0.0.1,10.0.0.0/8); `true` would trust any X-Forwarded-For',
      });
      return z.NEVER;
    }
    return entries;
  });

/** Exact origins, comma-separated: scheme, host and port only; never '*'. */
const corsOriginsSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const item of value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {}
      if (!url || url.origin !== item.replace(/\/$/, '') || !/^https?:$/.test(url.protocol)) {
        ctx.addIssue({
          code: 'custom',
          message: `'${item}' is not an exact origin such as https://app.example`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * On SIGTERM, how long readiness answers 503 while requests are still served, before the server stops taking
   * connections: a load balancer's health-check interval times its failure threshold (0: stop at once).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** Where uploaded files live: the local disk under DATA_DIR/uploads (default) or an S3-compatible bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** With STORAGE=s3: the bucket, the endpoint of an S3-compatible service (unset: AWS), its region. */
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .string()
    .url('must be a URL such as https://s3.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The bucket's public address or a CDN in front of it; unset: photos are served through the server. */
  S3_PUBLIC_URL: z
    .string()
    .url('must be a URL such as https://cdn.example.com/photos')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections in each server process's PostgreSQL pool (docs/operations.md: sizing it). */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * statement_timeout of the pool's connections in ms, so one slow query cannot hold a connection forever
   * (0: none). Migrations and lock waits run without it.
   */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /**
   * How long a request waits for a free pooled connection (or for a new one to connect) before it is answered
   * 503 with Retry-After, in ms (0: no limit). Readiness has its own connection and never waits in the pool.
   */
  PG_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Share of successful requests logged (0 to 1; errors and slow requests always are). Default: all of them,
   * but one in twenty in production, where a line per request costs a tenth of the server's CPU.
   */
  LOG_REQUEST_SAMPLE: z.coerce.number().min(0).max(1).optional(),
  /** A request answered slower than this many ms is always logged, as a warning. */
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 14),
  /** A session unused for this long ends, whatever its absolute lifetime (SESSION_TTL_HOURS). */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  COOKIE_SECURE: securitySwitch,
  /** SameSite of the session cookie: `none` (needs a Secure cookie) lets a client on another site sign in. */
  COOKIE_SAME_SITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  /** Origins of a separately hosted client allowed to call the API with the session cookie (CORS). */
  CORS_ORIGINS: corsOriginsSchema,
  /** Outside origins the pages may show images from (photos an import kept on their old host). */
  IMAGE_ORIGINS: corsOriginsSchema,
  TRUST_PROXY: trustProxySchema,
  APP_ORIGIN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('"LINK נדל״ן" <no-reply@example.com>'),
  /**
   * The SMS provider (decision 0054): `http`, a JSON POST per message to SMS_PROVIDER_URL with the bearer
   * SMS_PROVIDER_TOKEN. Unset: no SMS is sent, and a signing link alone proves the signer's phone.
   */
  SMS_PROVIDER: z
    .enum(['http'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_PROVIDER_URL: z
    .url()
    .regex(/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/, 'must be an https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_PROVIDER_TOKEN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender name the provider shows, when it lets us choose (up to 11 Latin letters or digits). */
  SMS_SENDER: z
    .string()
    .regex(/^[A-Za-z0-9]{1,11}$/, 'must be 1 to 11 Latin letters or digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A Nominatim-compatible search URL (docs/locations.md), e.g. https://nominatim.example/search: the property
   * form's address suggests a point from it, at most one request a second, each address asked once (cached in
   * the database). Unset: no suggestion, staff place the point on the map.
   */
  GEOCODER_URL: z
    .url()
    .regex(/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/, 'must be an https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The map's vector style (docs/locations.md): a MapLibre style JSON URL. The default is OpenFreeMap's Liberty
   * style, free and without a key for any site; its attribution is shown on the map. The style's origin joins the
   * pages' Content-Security-Policy (connect-src, img-src), as do MAP_ORIGINS when its tiles, glyphs or sprites
   * live on other origins.
   */
  MAP_STYLE_URL: z
    .url()
    .regex(/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/, 'must be an https:// URL')
    .default('https://tiles.openfreemap.org/styles/liberty'),
  /** Further origins the map's style loads tiles, glyphs or sprites from (comma-separated). */
  MAP_ORIGINS: corsOriginsSchema,
  SEED_DEMO: booleanish,
  /** How often the buyers' alerts job looks for work (docs/alerts.md). */
  ALERTS_JOB_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** Test machines only: alerts leave at any hour, Shabbat and holidays included (never for a live agency). */
  ALERTS_SEND_ANYTIME: booleanish,
  /** Embedded database backups: folder (default DATA_DIR/backups), how many to keep, hours between (0: off). */
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Requests in progress beyond which new ones get 503 with Retry-After (default 64 on PGlite, 256 on PostgreSQL; 0: off). */
  MAX_PENDING_REQUESTS: z.coerce.number().int().min(0).max(100_000).optional(),
  /**
   * Serves Prometheus metrics at /metrics to requests with `Authorization: Bearer <METRICS_TOKEN>` (at least 16
   * characters); unset: /metrics does not exist (404).
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A private port for the metrics: /metrics is then served there only (the app's port answers 404), with the
   * token when METRICS_TOKEN is set and without it otherwise. With WORKERS, worker n listens on METRICS_PORT + n
   * and a JOBS_MODE=worker process on METRICS_PORT + WORKERS.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Where the metrics port listens (default 127.0.0.1: this machine only). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Milliseconds the event loop may be busy, without coming round to its timers, before the requests it reads
   * get 503 with Retry-After (default 500 in production, off otherwise; 0: off).
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Requests that use the database start one per turn of the event loop (default true), so the loop comes back
   * to new connections between them (src/server/lib/turns.ts); false only to measure the difference.
   */
  REQUESTS_ONE_PER_TURN: booleanish.default(true),
  /**
   * Milliseconds a request may wait for its turn (REQUESTS_ONE_PER_TURN) before it is answered 503 with
   * Retry-After when the turn comes (default 1500 in production, off otherwise; 0: off).
   */
  MAX_REQUEST_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Server processes on one port with PostgreSQL (default: the number of CPUs). The embedded database is
   * opened by one process only, so it always runs one.
   */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * Where the scheduled work runs (docs/decisions/0028-background-work-in-slices.md): `inline` (default) in
   * the server process (one of them with WORKERS); `worker`, PostgreSQL only, in a process of its own that
   * `npm start` starts beside the server processes and that serves no visitor; `off`, nowhere on this machine
   * (another machine runs it). The embedded database has one process: it always runs the work inline.
   */
  JOBS_MODE: z.enum(['inline', 'worker', 'off']).default('inline'),
  /** Folder of the built web app (default dist/web). */
  WEB_ROOT: z.string().optional(),
  /**
   * Web Push (VAPID) key pair, base64url: set both to share one pair between servers that do not share a
   * database; unset, the server makes a pair at first start and keeps it in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url public key (87 characters) that web-push makes')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url private key (43 characters) that web-push makes')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Who push services may contact about this sender: a mailto: or https: URL (default: APP_ORIGIN, else the agency's e-mail). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Extra push-service host names that subscriptions may point at, comma-separated, beside the browsers' own
   * (FCM, Mozilla, Apple, Windows): for a self-hosted push service.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
});

export type Env = z.infer<typeof envSchema> & { APP_ORIGIN: string };

/** Addresses on which the server listens on every interface. */
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Settings that work but deserve a word at start (logged as warnings): trusting a proxy's X-Forwarded-For while
 * listening on every interface lets a client that reaches the port directly choose its own address.
 */
export function startupWarnings(env: Pick<Env, 'TRUST_PROXY' | 'HOST'>): string[] {
  const warnings: string[] = [];
  if (env.TRUST_PROXY !== false && ALL_INTERFACES.has(env.HOST))
    warnings.push(
      `TRUST_PROXY is set while the server listens on every interface (HOST=${env.HOST}): a client that reaches ` +
        'this port directly, not through the proxy, can set X-Forwarded-For and choose the address the sign-in ' +
        'and form limits count. Listen on the proxy side only (HOST=127.0.0.1) or close the port to everyone ' +
        'but the proxy (README, "Behind a reverse proxy").',
    );
  return warnings;
}

/** Parses process.env once; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  if (Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
    throw new EnvError(
      'Invalid environment configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (one pair) or neither',
    );
  }
  if (parsed.data.SMS_PROVIDER && !(parsed.data.SMS_PROVIDER_URL && parsed.data.SMS_PROVIDER_TOKEN)) {
    throw new EnvError(
      'Invalid environment configuration:\n  SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN: required when SMS_PROVIDER is set',
    );
  }
  if (parsed.data.STORAGE === 's3' && !parsed.data.S3_BUCKET) {
    throw new EnvError('Invalid environment configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (parsed.data.COOKIE_SAME_SITE === 'none' && parsed.data.COOKIE_SECURE === false) {
    throw new EnvError(
      'Invalid environment configuration:\n  COOKIE_SAME_SITE: none needs a Secure cookie (HTTPS); ' +
        'unset COOKIE_SECURE=false',
    );
  }
  return { ...parsed.data, APP_ORIGIN: resolveAppOrigin(parsed.data) };
}

/**
 * The public origin every absolute link is built from (reset links, share links, canonical URLs, e-mails);
 * never the request's Host header, which a client controls. Required in production, where a guessed
 * default would put wrong links in e-mails; in development it is this machine's own address.
 */
export function resolveAppOrigin(env: Pick<z.infer<typeof envSchema>, 'APP_ORIGIN' | 'NODE_ENV' | 'PORT'>) {
  if (env.APP_ORIGIN) {
    const url = new URL(env.APP_ORIGIN);
    if (url.pathname !== '/' || url.search || url.hash || !/^https?:$/.test(url.protocol)) {
      throw new EnvError(
        `Invalid environment configuration:\n  APP_ORIGIN: must be an origin such as https://agency.example (no path)`,
      );
    }
    return url.origin;
  }
  if (env.NODE_ENV === 'production') {
    throw new EnvError(
      'Invalid environment configuration:\n  APP_ORIGIN: required when NODE_ENV=production. Set it to the ' +
        'public address of the site (for example https://agency.example): links in e-mails and pages are ' +
        "built from it, never from the request's Host header.",
    );
  }
  return `http://localhost:${env.PORT}`;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Where the database is and how to open it: PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR. */
export function databaseOptions(
  env: Pick<
    Env,
    'DATABASE_URL' | 'DATA_DIR' | 'PG_POOL_MAX' | 'PG_STATEMENT_TIMEOUT_MS' | 'PG_POOL_ACQUIRE_TIMEOUT_MS'
  >,
) {
  return env.DATABASE_URL
    ? {
        databaseUrl: env.DATABASE_URL,
        poolSize: env.PG_POOL_MAX,
        statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
        acquireTimeoutMs: env.PG_POOL_ACQUIRE_TIMEOUT_MS,
      }
    : { dataDir: env.DATA_DIR };
}
