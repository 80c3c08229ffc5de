import { israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { idParamsSchema } from '@shared/schemas/common';
import {
  agentMonthParamsSchema,
  agentPerformanceResponseSchema,
  allPerformanceResponseSchema,
  branchQuerySchema,
  companyPerformanceQuerySchema,
  companyPerformanceResponseSchema,
  createGoalSchema,
  goalResponseSchema,
  maybeGoalResponseSchema,
  monthParamsSchema,
  updateGoalSchema,
} from '@shared/schemas/goal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges, noteChanged, replyCached } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { narrowScope, scopeKey } from '../branches';
import { monthReads, readCaches } from '../indicators';
import { resolveAgent } from '../users';
import { agentPerformance, allPerformance, companyPerformance } from './performance';
import { editGoal, findGoal, goalMetrics, saveGoal, toGoal } from './service';

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): goals are part of the dashboards' figures,
  // each of its own month's (noted by the routes below).
  declareChanges(app, [scopes.indicators]);
  app.post(
    '/goals',
    {
      config: { access: 'admin', changes: [] },
      schema: { body: createGoalSchema, response: { 200: goalResponseSchema, 201: goalResponseSchema } },
    },
    async (request, reply) => {
      const now = israelYearMonth();
      const { agent: agentId, createdAt: _ignored, ...rest } = request.body;
      const { year = now.year, month = now.month, ...metrics } = rest;
      const agent = await resolveAgent(app.db, currentUser(request), agentId, { mustBeActive: true });
      noteChanged(request, scopes.indicatorMonth(year, month));
      const { row, created } = await saveGoal(app.db, request.user, {
        agentId: agent.id,
        year,
        month,
        ...metrics,
      });
      return reply
        .status(created ? 201 : 200)
        .send({ status: 'success' as const, data: { goal: toGoal(row) } });
    },
  );

  app.get(
    '/goals/getGoalByAgentAndMonth/:agentId/:year/:month',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: agentMonthParamsSchema, response: { 200: maybeGoalResponseSchema } },
    },
    async (request) => {
      const { agentId, year, month } = request.params;
      const agent = await resolveAgent(app.db, currentUser(request), agentId);
      const row = await findGoal(app.db, agent.id, year, month);
      return { status: 'success' as const, data: { goal: row ? toGoal(row) : null } };
    },
  );

  app.get(
    '/goals/performance/all/:year/:month',
    {
      config: { access: 'admin' },
      schema: {
        params: monthParamsSchema,
        querystring: branchQuerySchema,
        response: { 200: allPerformanceResponseSchema },
      },
    },
    async (request, reply) => {
      const { year, month } = request.params;
      const scope = await narrowScope(app.db, currentUser(request).branchScope, request.query.branch);
      // Working days count "as of today", so today's date is part of the key; a branch's table is its own entry.
      return replyCached(
        reply,
        readCaches.allPerformance,
        app.db,
        `${year}-${month}:${israelDate()}:${scopeKey(scope)}`,
        allPerformanceResponseSchema,
        async () => ({ status: 'success' as const, data: await allPerformance(app.db, year, month, scope) }),
        monthReads(year, month),
      );
    },
  );

  app.get(
    '/goals/performance/:agentId/:year/:month',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: agentMonthParamsSchema, response: { 200: agentPerformanceResponseSchema } },
    },
    async (request, reply) => {
      const { agentId, year, month } = request.params;
      const viewer = currentUser(request);
      const agent = await resolveAgent(app.db, viewer, agentId);
      // Her own money whole; a manager's view of it only her branch's deals (decision 0055).
      const scope = agent.id === viewer.id ? ({ all: true } as const) : viewer.branchScope;
      return replyCached(
        reply,
        readCaches.agentPerformance,
        app.db,
        `${agent.id}:${year}-${month}:${israelDate()}:${scopeKey(scope)}`,
        agentPerformanceResponseSchema,
        async () => ({
          status: 'success' as const,
          data: await agentPerformance(app.db, agent, year, month, scope),
        }),
        monthReads(year, month),
      );
    },
  );

  app.get(
    '/goals/companyPerformance',
    {
      config: { access: 'admin' },
      schema: {
        querystring: companyPerformanceQuerySchema,
        response: { 200: companyPerformanceResponseSchema },
      },
    },
    async (request) => {
      const { year, month, branch } = request.query;
      const scope = await narrowScope(app.db, currentUser(request).branchScope, branch);
      return { status: 'success' as const, data: await companyPerformance(app.db, year, month, scope) };
    },
  );

  app.patch(
    '/goals/:id',
    {
      config: { access: 'admin', changes: [] },
      schema: { params: idParamsSchema, body: updateGoalSchema, response: { 200: goalResponseSchema } },
    },
    async (request) => {
      const row = await editGoal(app.db, request.user, request.params.id, goalMetrics(request.body), (goal) =>
        noteChanged(request, scopes.indicatorMonth(goal.year, goal.month)),
      );
      return { status: 'success' as const, data: { goal: toGoal(row) } };
    },
  );
};
