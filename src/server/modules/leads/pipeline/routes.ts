import { addDays } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import {
  activityResponseSchema,
  createActivitySchema,
  updateActivitySchema,
} from '@shared/schemas/activities';
import { idParamsSchema, successSchema } from '@shared/schemas/common';
import {
  availabilityListResponseSchema,
  availabilityResponseSchema,
  branchLeadSettingsBodySchema,
  branchLeadSettingsResponseSchema,
  leadSettingsResponseSchema,
  leadSettingsSchema,
  pipelinePerformanceQuerySchema,
  pipelinePerformanceResponseSchema,
  updateAvailabilitySchema,
} from '@shared/schemas/lead-settings';
import {
  boardColumnQuerySchema,
  boardColumnResponseSchema,
  boardQuerySchema,
  boardResponseSchema,
  createLeadSchema,
  leadExportQuerySchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadResponseSchema,
  MAX_RANGE_DAYS,
  myDayQuerySchema,
  myDayResponseSchema,
  reassignLeadSchema,
  updateLeadSchema,
} from '@shared/schemas/pipeline';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { runIdempotent } from '../../../lib/idempotency';
import { scopes } from '../../../plugins/cache-scopes';
import { declareChanges } from '../../../plugins/read-cache';
import { currentUser } from '../../../plugins/session';
import {
  getBranchLeadSettings,
  listAvailability,
  pipelinePerformance,
  putBranchLeadSettings,
  putLeadSettings,
  updateAvailability,
} from './admin';
import { leadsCsv } from './export';
import { board, boardColumn, exportRows, filterWhere, leadDetail, listLeads, myDay } from './reads';
import {
  activityById,
  createManualLead,
  deleteActivity,
  insertActivity,
  reassignLead,
  updateActivity,
  updateLead,
} from './service';
import { readLeadSettings } from './settings';

const success = <T>(data: T) => ({ status: 'success' as const, data });
const deletedSchema = successSchema(z.null());
/** The most rows one export holds (a year of an agency's leads is far less). */
const EXPORT_ROW_LIMIT = 50_000;
const DEFAULT_EXPORT_DAYS = 30;

/** The leads pipeline (docs/leads.md): leads, activities, the board, the agent's day, settings, performance. */
export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): a lead's activities count in the indicators.
  declareChanges(app, [scopes.indicators]);
  // Reads of a person's leads are never kept by a browser or a proxy. Said before the answer is made, so the
  // ETag hook (which runs before this plugin's onSend hooks) does not hash a body that is never revalidated.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET') reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET') reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/pipeline/leads',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: leadListQuerySchema, response: { 200: leadListResponseSchema } },
    },
    async (request) => success(await listLeads(app.db, currentUser(request), request.query)),
  );

  app.post(
    '/pipeline/leads',
    {
      config: { access: 'selfOrAdmin' },
      schema: { body: createLeadSchema, response: { 201: leadResponseSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createManualLead(app.db, user, request.body);
      return reply.status(201).send(success({ lead: await leadDetail(app.db, user, id) }));
    },
  );

  app.get(
    '/pipeline/leads/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: idParamsSchema, response: { 200: leadResponseSchema } },
    },
    async (request) => success({ lead: await leadDetail(app.db, currentUser(request), request.params.id) }),
  );

  app.patch(
    '/pipeline/leads/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: idParamsSchema, body: updateLeadSchema, response: { 200: leadResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await updateLead(app.db, user, request.params.id, request.body);
      return success({ lead: await leadDetail(app.db, user, request.params.id) });
    },
  );

  app.post(
    '/pipeline/leads/:id/reassign',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: reassignLeadSchema, response: { 200: leadResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await reassignLead(app.db, user, request.params.id, request.body);
      return success({ lead: await leadDetail(app.db, user, request.params.id) });
    },
  );

  app.post(
    '/pipeline/leads/:id/activities',
    {
      config: { access: 'selfOrAdmin', idempotencyKey: true },
      schema: {
        params: idParamsSchema,
        body: createActivitySchema,
        response: { 201: activityResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The phone app queues activities logged offline and sends each with an Idempotency-Key: stored once.
      return runIdempotent(app.db, request, reply, 201, async (tx) => {
        const id = await insertActivity(tx, user, request.params.id, request.body);
        return success({ activity: await activityById(tx as unknown as Database, id) });
      });
    },
  );

  app.patch(
    '/pipeline/activities/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: {
        params: idParamsSchema,
        body: updateActivitySchema,
        response: { 200: activityResponseSchema },
      },
    },
    async (request) =>
      success({
        activity: await updateActivity(app.db, currentUser(request), request.params.id, request.body),
      }),
  );

  app.delete(
    '/pipeline/activities/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: idParamsSchema, response: { 200: deletedSchema } },
    },
    async (request) => {
      await deleteActivity(app.db, currentUser(request), request.params.id);
      return success(null);
    },
  );

  app.get(
    '/pipeline/board',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: boardQuerySchema, response: { 200: boardResponseSchema } },
    },
    async (request) => success(await board(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/pipeline/board/column',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: boardColumnQuerySchema, response: { 200: boardColumnResponseSchema } },
    },
    async (request) => success(await boardColumn(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/pipeline/my-day',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: myDayQuerySchema, response: { 200: myDayResponseSchema } },
    },
    async (request) => success(await myDay(app.db, currentUser(request), request.query.ownerId)),
  );

  app.get(
    '/pipeline/export',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: leadExportQuerySchema },
    },
    async (request, reply) => {
      const now = new Date();
      const today = israelDate(now);
      const to = request.query.to ?? today;
      const from = request.query.from ?? addDays(to, -(DEFAULT_EXPORT_DAYS - 1));
      const days =
        Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
      if (days < 1) throw badRequest(PIPELINE_MESSAGES.rangeOrder, { to: PIPELINE_MESSAGES.rangeOrder });
      if (days > MAX_RANGE_DAYS) {
        const message = PIPELINE_MESSAGES.rangeTooLong(MAX_RANGE_DAYS);
        throw badRequest(message, { from: message });
      }
      const where = filterWhere(currentUser(request), { ...request.query, from, to }, now);
      const csv = leadsCsv(await exportRows(app.db, where, EXPORT_ROW_LIMIT, now));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/pipeline/performance',
    {
      config: { access: 'admin' },
      schema: {
        querystring: pipelinePerformanceQuerySchema,
        response: { 200: pipelinePerformanceResponseSchema },
      },
    },
    async (request) =>
      success(
        await pipelinePerformance(
          app.db,
          currentUser(request).branchScope,
          request.query.year,
          request.query.month,
        ),
      ),
  );

  app.get(
    '/pipeline/settings',
    { config: { access: 'admin' }, schema: { response: { 200: leadSettingsResponseSchema } } },
    async () => success({ settings: await readLeadSettings(app.db) }),
  );

  app.put(
    '/pipeline/settings',
    {
      // The network's routing rules, which a branch inherits until it sets its own: network admins change them.
      config: { access: 'network' },
      schema: { body: leadSettingsSchema, response: { 200: leadSettingsResponseSchema } },
    },
    async (request) =>
      success({ settings: await putLeadSettings(app.db, currentUser(request), request.body) }),
  );

  app.get(
    '/pipeline/branches/:id/settings',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: branchLeadSettingsResponseSchema } },
    },
    async (request) =>
      success({
        branchSettings: await getBranchLeadSettings(app.db, currentUser(request), request.params.id),
      }),
  );

  app.put(
    '/pipeline/branches/:id/settings',
    {
      // A branch manager sets her own branch's routing; a network admin any branch's (decision 0047).
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: branchLeadSettingsBodySchema,
        response: { 200: branchLeadSettingsResponseSchema },
      },
    },
    async (request) =>
      success({
        branchSettings: await putBranchLeadSettings(
          app.db,
          currentUser(request),
          request.params.id,
          request.body,
        ),
      }),
  );

  app.get(
    '/pipeline/agents',
    { config: { access: 'admin' }, schema: { response: { 200: availabilityListResponseSchema } } },
    async (request) => success({ agents: await listAvailability(app.db, currentUser(request).branchScope) }),
  );

  app.patch(
    '/pipeline/agents/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: {
        params: idParamsSchema,
        body: updateAvailabilitySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) =>
      success({
        agent: await updateAvailability(app.db, currentUser(request), request.params.id, request.body),
      }),
  );
};
