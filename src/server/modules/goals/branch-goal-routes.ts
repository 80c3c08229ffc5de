import { branchGoalResponseSchema, branchMonthParamsSchema, setBranchGoalSchema } from '@shared/schemas/goal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges, noteChanged } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { clearBranchGoal, getBranchGoal, setBranchGoal } from './branch-goals';

/** A branch's monthly goal: network admins set it, the branch's managers read it (docs/branches.md). */
export const branchGoalRoutes: FastifyPluginAsyncZod = async (app) => {
  // A branch goal is part of the network dashboard's figures of its month (noted by the writes below).
  declareChanges(app, [scopes.indicators]);
  const path = '/branches/:id/goals/:year/:month';
  const schema = { params: branchMonthParamsSchema, response: { 200: branchGoalResponseSchema } };

  app.get(path, { config: { access: 'admin' }, schema }, async (request) => {
    const { id, year, month } = request.params;
    const branchGoal = await getBranchGoal(app.db, currentUser(request), id, { year, month });
    return { status: 'success' as const, data: { branchGoal } };
  });

  app.put(
    path,
    { config: { access: 'network', changes: [] }, schema: { ...schema, body: setBranchGoalSchema } },
    async (request) => {
      const { id, year, month } = request.params;
      noteChanged(request, scopes.indicatorMonth(year, month));
      const branchGoal = await setBranchGoal(app.db, currentUser(request), id, { year, month }, request.body);
      return { status: 'success' as const, data: { branchGoal } };
    },
  );

  app.delete(path, { config: { access: 'network', changes: [] }, schema }, async (request) => {
    const { id, year, month } = request.params;
    noteChanged(request, scopes.indicatorMonth(year, month));
    const branchGoal = await clearBranchGoal(app.db, currentUser(request), id, { year, month });
    return { status: 'success' as const, data: { branchGoal } };
  });
};
