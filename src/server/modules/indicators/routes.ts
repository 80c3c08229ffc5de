import { israelLast7Days, israelMonthRange, israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import { idParamsSchema } from '@shared/schemas/common';
import {
  agentBodySchema,
  createIndicatorSchema,
  filterByDateQuerySchema,
  indicatorListResponseSchema,
  indicatorResponseSchema,
  scoreboardQuerySchema,
  scoreboardResponseSchema,
  summaryResponseSchema,
  updateIndicatorSchema,
} from '@shared/schemas/indicator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges, noteChanged, replyCached } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { narrowScope, scopeKey } from '../branches';
import { findUserById, resolveAgent } from '../users';
import { entryChanges, monthReads, readCaches, summaryReads } from './cache';
import { indicatorInstant } from './dates';
import {
  deleteIndicator,
  indicatorsOfAgent,
  insertIndicator,
  rankedScoreboard,
  summarize,
  toIndicator,
  updateIndicator,
} from './service';

const pickMetrics = (body: Partial<Metrics>) =>
  Object.fromEntries(
    METRIC_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]),
  ) as Partial<Metrics>;

const okNull = z.object({ status: z.literal('success'), data: z.null() });

export type IndicatorRoutesOptions = { writesPerUser: RateRule };

/**
 * One account's indicator writes (new entries, edits, deletions) at a generous human pace (DEFAULT below):
 * an edit-all save or a phone's queue sent on reconnect stays far under it, a script flooding the server does not.
 */
export const INDICATOR_WRITES_PER_USER: RateRule = { max: 300, windowMs: 10 * 60_000 };

export const indicatorRoutes: FastifyPluginAsyncZod<IndicatorRoutesOptions> = async (app, opts) => {
  // What these writes change for the read caches (docs/decisions/0022): daily entries change the dashboards only,
  // and each one only its month's and the all-time figures (noted by the routes below, which know the month).
  declareChanges(app, [scopes.indicators]);
  // Counted after the session is known and before any work; reads (`readOnly`, GET) are never counted.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.routeOptions.config.readOnly || !request.user) return;
    await consumeRateLimit(app.db, `indicators:user:${request.user.id}`, opts.writesPerUser);
  });

  app.post(
    '/indicators',
    {
      config: { access: 'selfOrAdmin', idempotencyKey: true, changes: [] },
      schema: { body: createIndicatorSchema, response: { 201: indicatorResponseSchema } },
    },
    async (request, reply) => {
      const { agent: agentId, createdAt, ...metrics } = request.body;
      const agent = await resolveAgent(app.db, currentUser(request), agentId, { mustBeActive: true });
      // The phone app queues entries made offline and sends each with an Idempotency-Key: stored once.
      return runIdempotent(app.db, request, reply, 201, async (tx) => {
        const instant = indicatorInstant(createdAt || undefined);
        noteChanged(request, ...entryChanges(instant));
        const indicator = await insertIndicator(
          tx as unknown as Database,
          request.user,
          agent,
          metrics,
          instant,
        );
        return { status: 'success' as const, data: { indicator } };
      });
    },
  );

  app.post(
    '/indicators/getIndicatorsByAgent',
    {
      config: { access: 'selfOrAdmin', readOnly: true },
      schema: { body: agentBodySchema, response: { 200: indicatorListResponseSchema } },
    },
    async (request) => {
      const agent = await resolveAgent(app.db, currentUser(request), request.body.id);
      return { status: 'success' as const, data: { indicators: await indicatorsOfAgent(app.db, agent.id) } };
    },
  );

  for (const period of ['weekly', 'monthly', 'all'] as const) {
    app.post(
      `/indicators/summary/${period}`,
      {
        config: { access: 'selfOrAdmin', readOnly: true },
        schema: { body: agentBodySchema, response: { 200: summaryResponseSchema } },
      },
      async (request, reply) => {
        const agent = await resolveAgent(app.db, currentUser(request), request.body.id);
        const now = new Date();
        // The periods end today in Israel, so today's date is part of the key.
        return replyCached(
          reply,
          readCaches.summary,
          app.db,
          `${period}:${agent.id}:${israelDate(now)}`,
          summaryResponseSchema,
          async () => ({ status: 'success' as const, data: await summarize(app.db, agent.id, period, now) }),
          summaryReads(period, now),
        );
      },
    );
  }

  app.get(
    '/indicators/filterByDate',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: filterByDateQuerySchema, response: { 200: indicatorListResponseSchema } },
    },
    async (request) => {
      const { agent: agentId, year, month, last7DaysOnly } = request.query;
      const agent = await resolveAgent(app.db, currentUser(request), agentId);
      const now = israelYearMonth();
      const range = last7DaysOnly
        ? israelLast7Days()
        : israelMonthRange(year ?? now.year, month ?? now.month);
      return {
        status: 'success' as const,
        data: { indicators: await indicatorsOfAgent(app.db, agent.id, range) },
      };
    },
  );

  app.get(
    '/indicators/scoreboard',
    {
      config: { access: 'signedIn' },
      schema: { querystring: scoreboardQuerySchema, response: { 200: scoreboardResponseSchema } },
    },
    async (request, reply) => {
      const now = israelYearMonth();
      const { year = now.year, month = now.month, branch } = request.query;
      // The ranking of the viewer's branch scope (the whole network for network admins), or of one branch in it.
      const scope = await narrowScope(app.db, currentUser(request).branchScope, branch);
      return replyCached(
        reply,
        readCaches.scoreboard,
        app.db,
        `${year}-${month}:${scopeKey(scope)}`,
        scoreboardResponseSchema,
        async () => ({
          status: 'success' as const,
          data: await rankedScoreboard(app.db, year, month, scope),
        }),
        monthReads(year, month),
      );
    },
  );

  app.patch(
    '/indicators/:id',
    {
      config: { access: 'admin', changes: [] },
      schema: {
        params: idParamsSchema,
        body: updateIndicatorSchema,
        response: { 200: indicatorResponseSchema },
      },
    },
    async (request) => {
      const changes = {
        ...pickMetrics(request.body),
        ...(request.body.createdAt ? { createdAt: indicatorInstant(request.body.createdAt) } : {}),
      };
      // The months of the entry before and after (a new date moves it to another month).
      if (changes.createdAt) noteChanged(request, ...entryChanges(changes.createdAt));
      const row = await updateIndicator(app.db, request.user, request.params.id, changes, (before) =>
        noteChanged(request, ...entryChanges(before.createdAt)),
      );
      const agent = (await findUserById(app.db, row.agentId))!;
      return { status: 'success' as const, data: { indicator: toIndicator(row, agent) } };
    },
  );

  app.delete(
    '/indicators/:id',
    {
      config: { access: 'admin', changes: [] },
      schema: { params: idParamsSchema, response: { 200: okNull } },
    },
    async (request) => {
      await deleteIndicator(app.db, request.user, request.params.id, (before) =>
        noteChanged(request, ...entryChanges(before.createdAt)),
      );
      return { status: 'success' as const, data: null };
    },
  );
};
