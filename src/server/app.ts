import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { type ErrorBody, MESSAGES } from '@shared/schemas/common';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client';
import { openDatabase } from './db/client';
import { databaseOptions, type Env, loadEnv, resolveAppOrigin } from './env';
import { AfterAnswer } from './lib/after-answer';
import { appRoot } from './lib/app-root';
import type { RateRule } from './lib/rate-limit';
import { auditRoutes } from './modules/audit';
import { backupRoutes } from './modules/backups';
import { branchPageRoutes } from './modules/branch-pages';
import { branchRoutes } from './modules/branches';
import { geocodeRoutes } from './modules/geocoder';
import { branchGoalRoutes, goalRoutes } from './modules/goals';
import { healthRoutes } from './modules/health';
import { mailPhotoRoutes } from './modules/images';
import { importRoutes } from './modules/import';
import { INDICATOR_WRITES_PER_USER, indicatorRoutes } from './modules/indicators';
import { formPostRoutes, leadRoutes, pipelineRoutes } from './modules/leads';
import { mailRoutes } from './modules/mail';
import { moneyRoutes } from './modules/money';
import { networkRoutes } from './modules/network';
import {
  exclusivityRoutes,
  orderPdfRoutes,
  orderRoutes,
  orderVerifyPages,
  signingPages,
} from './modules/orders';
import { propertyRoutes } from './modules/properties';
import { pushRoutes } from './modules/push';
import { referralRoutes } from './modules/referrals';
import { limitSharedReport, reportContactRoutes, SHARED_REPORT_PER_IP } from './modules/report-contacts';
import { settingsAdminRoutes, settingsRoutes } from './modules/settings';
import { accountRoutes, adminUserRoutes, passwordResetRoutes, userRoutes } from './modules/users';
import { viewingFormPost, viewingLinkPages, viewingMoveRoutes, viewingRoutes } from './modules/viewings';
import { manifestPlugin } from './pages/manifest';
import type { PageRenderer } from './pages/renderer';
import { sitemapPlugin } from './pages/sitemap';
import { accessPlugin } from './plugins/access';
import { apiDocsPlugin } from './plugins/api-docs';
import { compressionPlugin } from './plugins/compression';
import { errorHandlerPlugin, MAX_UPLOAD_BYTES } from './plugins/error-handler';
import { etagPlugin } from './plugins/etag';
import { inputGuardPlugin } from './plugins/input-guard';
import { metricsPlugin } from './plugins/metrics';
import { DEFAULT_MAX_LOOP_DELAY_MS, DEFAULT_MAX_REQUEST_WAIT_MS, overloadPlugin } from './plugins/overload';
import { readCachePlugin } from './plugins/read-cache';
import { requestContextPlugin, requestIdMixin } from './plugins/request-context';
import { requestLogPlugin, requestLogSample } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { webAppPlugin } from './plugins/web-app';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import './zod-locale';
import { alertLinkPages, alertRoutes, matchRoutes, saveSearchFormPost } from './modules/alerts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    env: Env;
    storage: Storage;
    /** Work started after a route's answer is sent (lib/after-answer.ts). */
    afterAnswer: AfterAnswer;
  }
}

export type BuildAppOptions = {
  env?: Partial<Env>;
  /** An open database (tests); otherwise one is opened from env and migrated. */
  database?: DatabaseHandle;
  /** Migrate the database it opens (default true); a cluster worker's primary has migrated it already. */
  migrate?: boolean;
  /** Where uploads live (tests); otherwise the one env names (STORAGE), checked before the app starts. */
  storage?: Storage;
  /** Folder of the built web app; defaults to dist/web when it exists. */
  webRoot?: string | null;
  /** The page renderer (src/web/entry-server.tsx); defaults to the built one next to webRoot. */
  renderer?: () => Promise<PageRenderer>;
  /** Keep pages' HTML until what they read changes (default true; tests compare with fresh renders). */
  keepPages?: boolean;
  logger?: boolean;
  /** Where the log lines go (tests read them); default stdout. */
  logStream?: { write(line: string): void };
  /** Requests in progress beyond which new ones get 503 (default: env, else 64 on PGlite, 256 on PostgreSQL). */
  maxPendingRequests?: number;
  /** Overrides MAX_EVENT_LOOP_DELAY_MS (tests). */
  maxEventLoopDelayMs?: number;
  /** Overrides MAX_REQUEST_WAIT_MS (tests). */
  maxRequestWaitMs?: number;
  rateLimits?: Partial<{
    loginPerIp: RateRule;
    loginPerEmailAndIp: RateRule;
    formsPerIp: RateRule;
    passwordResetPerIp: RateRule;
    passwordResetPerEmail: RateRule;
    indicatorWritesPerUser: RateRule;
    alertsSubscribePerIp: RateRule;
    alertsPagePerIp: RateRule;
    alertsPerContact: RateRule;
    /** Reads of shared seller reports, the API and the page together. */
    sharedReportPerIp: RateRule;
    /** Order PDF verifications (the page and the API together). */
    orderVerifyPerIp: RateRule;
    /** Signature attempts through brokerage order links. */
    orderSignPerIp: RateRule;
  }>;
};

const FIFTEEN_MINUTES = 15 * 60_000;

/** Fastify takes a hop count at run time but not in its types: the same rule as a function. */
function trustProxyOption(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env: Env = { ...loadEnv(process.env), ...options.env };
  const formsPerIp = options.rateLimits?.formsPerIp ?? { max: 10, windowMs: FIFTEEN_MINUTES };
  const sharedReportPerIp = options.rateLimits?.sharedReportPerIp ?? SHARED_REPORT_PER_IP;
  // The verify page and API count together, as a public form does.
  const orderVerifyPerIp = options.rateLimits?.orderVerifyPerIp ?? formsPerIp;
  // The alerts' API and the save-search form posted without JavaScript count together.
  const alertLimits = {
    subscribePerIp: options.rateLimits?.alertsSubscribePerIp ?? { max: 10, windowMs: FIFTEEN_MINUTES },
    pagePerIp: options.rateLimits?.alertsPagePerIp ?? { max: 300, windowMs: FIFTEEN_MINUTES },
    perContact: options.rateLimits?.alertsPerContact ?? { max: 30, windowMs: 60 * 60_000 },
  };
  env.APP_ORIGIN = resolveAppOrigin({
    ...env,
    APP_ORIGIN: options.env?.APP_ORIGIN ?? process.env.APP_ORIGIN,
  });
  const logger =
    options.logger === false
      ? false
      : {
          level: env.LOG_LEVEL,
          redact: ['req.headers.cookie'],
          mixin: requestIdMixin,
          ...(options.logStream ? { stream: options.logStream } : {}),
        };
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    // One line per answered request, errors and slow ones always, the rest sampled (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A URL the router cannot read (a broken percent-escape, an over-long segment) is refused before any
    // hook runs: answer it in the API's shape and language, without echoing the URL.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const body: ErrorBody = { status: 'fail', code: 'VALIDATION', message: MESSAGES.badUrl };
      return (reply as unknown as FastifyReply)
        .code(status)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every body here is JSON, a form or multipart: a text/plain body (a file sent raw, not as a form) is 415, in
  // the API's words, before any route reads it.
  app.removeContentTypeParser('text/plain');

  // A missing bucket or refused credentials stop the start here, with a message naming the setting.
  const storage = options.storage ?? createStorage(env);
  if (!options.storage) await storage.check();
  const ownsDatabase = !options.database;
  const handle = options.database ?? (await openDatabase(databaseOptions(env)));
  if (ownsDatabase && options.migrate !== false) {
    const { applied } = await handle.migrate();
    app.log.info({ applied }, 'database schema up to date');
  }
  app.decorate('dbHandle', handle);
  app.decorate('db', handle.db);
  app.decorate('env', env);
  app.decorate('storage', storage);
  app.decorate('afterAnswer', new AfterAnswer());
  app.addHook('onClose', async () => {
    await app.afterAnswer.settled();
    if (ownsDatabase) await handle.close();
  });

  // First: every hook, handler and query after it runs in the request's context (its id, its times, its span).
  await app.register(requestContextPlugin);
  await app.register(requestLogPlugin, {
    successSample: requestLogSample(env),
    slowMs: env.LOG_SLOW_MS,
  });
  await app.register(errorHandlerPlugin);
  // Counts every answer, refused ones too: before the overload plugin's hook.
  await app.register(metricsPlugin, {
    token: env.METRICS_TOKEN,
    privatePort: env.METRICS_PORT !== undefined,
  });
  // First of the request hooks: a refused request costs no session lookup and no database time.
  await app.register(overloadPlugin, {
    maxPending:
      options.maxPendingRequests ?? env.MAX_PENDING_REQUESTS ?? (handle.kind === 'pglite' ? 64 : 256),
    maxLoopDelayMs:
      options.maxEventLoopDelayMs ??
      env.MAX_EVENT_LOOP_DELAY_MS ??
      (env.NODE_ENV === 'production' ? DEFAULT_MAX_LOOP_DELAY_MS : 0),
    onePerTurn: env.REQUESTS_ONE_PER_TURN,
    maxWaitMs:
      options.maxRequestWaitMs ??
      env.MAX_REQUEST_WAIT_MS ??
      (env.NODE_ENV === 'production' ? DEFAULT_MAX_REQUEST_WAIT_MS : 0),
  });
  await app.register(securityPlugin, {
    appOrigin: env.APP_ORIGIN,
    hsts: env.NODE_ENV === 'production',
    corsOrigins: env.CORS_ORIGINS ?? [],
    imageOrigins: env.IMAGE_ORIGINS ?? [],
    mapOrigins: [new URL(env.MAP_STYLE_URL).origin, ...(env.MAP_ORIGINS ?? [])],
  });
  // Plugins declare their names and dependencies (fastify-plugin metadata): fastify refuses an order that
  // breaks them, e.g. the session plugin before read-cache or the API routes before the session and access.
  await app.register(readCachePlugin);
  await app.register(sessionPlugin, {
    ttlHours: env.SESSION_TTL_HOURS,
    idleHours: env.SESSION_IDLE_HOURS,
    secureCookie: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
    sameSite: env.COOKIE_SAME_SITE ?? 'lax',
  });
  // Each route's declared access rule is enforced before its body is validated.
  await app.register(accessPlugin);
  // Then, before any route's validation: no string with a NUL byte or a lone surrogate gets further.
  await app.register(inputGuardPlugin);

  // Before the routes: compression applies to routes registered after it; ETags are set before compression.
  await app.register(etagPlugin);
  await app.register(compressionPlugin);

  await app.register(apiDocsPlugin);

  // Multipart uploads (property images, user photos, home media): per-file and per-request caps.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 30, fields: 200, fieldSize: 100_000, parts: 260 },
  });

  await app.register(healthRoutes);
  await app.register(
    fp(
      async (api: FastifyInstance) => {
        await api.register(userRoutes, {
          loginPerIp: options.rateLimits?.loginPerIp ?? { max: 50, windowMs: FIFTEEN_MINUTES },
          loginPerEmailAndIp: options.rateLimits?.loginPerEmailAndIp ?? {
            max: 10,
            windowMs: FIFTEEN_MINUTES,
          },
        });
        await api.register(settingsRoutes);
        await api.register(adminUserRoutes);
        await api.register(branchRoutes);
        await api.register(branchPageRoutes);
        await api.register(accountRoutes);
        await api.register(passwordResetRoutes, {
          resetPerIp: options.rateLimits?.passwordResetPerIp ?? { max: 20, windowMs: FIFTEEN_MINUTES },
          resetPerEmail: options.rateLimits?.passwordResetPerEmail ?? { max: 3, windowMs: FIFTEEN_MINUTES },
        });
        await api.register(settingsAdminRoutes);
        await api.register(auditRoutes);
        await api.register(importRoutes);
        await api.register(indicatorRoutes, {
          writesPerUser: options.rateLimits?.indicatorWritesPerUser ?? INDICATOR_WRITES_PER_USER,
        });
        await api.register(goalRoutes);
        await api.register(branchGoalRoutes);
        await api.register(propertyRoutes);
        await api.register(geocodeRoutes);
        await api.register(reportContactRoutes, { sharedReportPerIp });
        await api.register(leadRoutes, { formsPerIp });
        await api.register(mailRoutes);
        await api.register(backupRoutes);
        await api.register(pushRoutes);
        await api.register(pipelineRoutes);
        await api.register(networkRoutes);
        await api.register(referralRoutes);
        await api.register(moneyRoutes);
        await api.register(alertRoutes, alertLimits);
        await api.register(matchRoutes);
        await api.register(orderRoutes, { signPerIp: options.rateLimits?.orderSignPerIp });
        await api.register(orderPdfRoutes, { verifyPerIp: orderVerifyPerIp });
        await api.register(exclusivityRoutes);
        await api.register(viewingRoutes, { formsPerIp });
        await api.register(viewingMoveRoutes, { formsPerIp });
      },
      // The routes read the session and their access rule, their input passes the input guard, and the API
      // description collects their schemas as they register: fastify refuses to start if any of these is
      // registered after them.
      {
        name: 'api-routes',
        encapsulate: true,
        dependencies: ['session', 'access', 'input-guard', 'api-docs', '@fastify/multipart'],
      },
    ),
    { prefix: '/api/v1' },
  );

  const webRoot =
    options.webRoot === null
      ? undefined
      : (options.webRoot ?? env.WEB_ROOT ?? join(appRoot(), 'dist', 'web'));
  await app.register(alertLinkPages);
  await app.register(mailPhotoRoutes, { storage });
  await app.register(signingPages);
  await app.register(viewingLinkPages, { formsPerIp });
  await app.register(orderVerifyPages, { verifyPerIp: orderVerifyPerIp });
  await app.register(sitemapPlugin);
  await app.register(manifestPlugin);
  await app.register(webAppPlugin, {
    webRoot,
    storage,
    renderer: options.renderer,
    keepPages: options.keepPages,
    pagePosts: formPostRoutes(formsPerIp, {
      viewing: viewingFormPost(app, formsPerIp),
      saveSearch: saveSearchFormPost(app, alertLimits),
    }),
    // The seller's link counts against the same per-address limit as its API read (the page then reads it).
    pageLimits: { sellerReport: (request) => limitSharedReport(app.db, request.ip, sharedReportPerIp) },
  });
  return app;
}
