import {
  agentIdParamsSchema,
  agentPropertiesResponseSchema,
  byPropertyBodySchema,
  createReportContactSchema,
  monthlyReportBodySchema,
  monthlyReportResponseSchema,
  reportContactListResponseSchema,
  reportContactResponseSchema,
  statusesResponseSchema,
} from '@shared/schemas/report-contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { listAgentPropertyRefs } from '../properties';
import { actingAgent } from './access';
import {
  createReportContact,
  listAgentReports,
  listAllReports,
  listPropertyReports,
  monthlyReport,
} from './service';
import { type ShareRoutesOptions, shareRoutes } from './share-routes';

/** SPEC section 7 report-contact contract, plus the agent's property list for the form's select. */
export const reportContactRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, opts) => {
  // What these writes change for the read caches (docs/decisions/0022): no read cache holds report contacts.
  declareChanges(app, []);
  app.post(
    '/reportContact',
    {
      config: { access: 'selfOrAdmin' },
      schema: { body: createReportContactSchema, response: { 201: reportContactResponseSchema } },
    },
    async (request, reply) => {
      const data = await createReportContact(app.db, currentUser(request), request.body);
      return reply.status(201).send({ status: 'success' as const, data: { data } });
    },
  );

  app.post(
    '/reportContact/monthlyReport',
    {
      config: { access: 'selfOrAdmin' },
      schema: { body: monthlyReportBodySchema, response: { 200: monthlyReportResponseSchema } },
    },
    async (request) => {
      const agent = await actingAgent(app.db, currentUser(request), request.body.agentId);
      const { month, address } = request.body;
      const { statuses, ...counts } = await monthlyReport(app.db, agent.id, month, address);
      return { status: 'success' as const, ...counts, data: { statuses } };
    },
  );

  app.get(
    '/reportContact',
    { config: { access: 'admin' }, schema: { response: { 200: reportContactListResponseSchema } } },
    async (request) => ({
      status: 'success' as const,
      data: { reportContacts: await listAllReports(app.db, currentUser(request).branchScope) },
    }),
  );

  app.get(
    '/reportContact/getReportContactByAgent/:agentId',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: agentIdParamsSchema, response: { 200: statusesResponseSchema } },
    },
    async (request) => {
      const agent = await actingAgent(app.db, currentUser(request), request.params.agentId);
      return { status: 'success' as const, data: { statuses: await listAgentReports(app.db, agent.id) } };
    },
  );

  app.post(
    '/reportContact/getReportContactByProperty',
    {
      config: { access: 'signedIn' },
      schema: { body: byPropertyBodySchema, response: { 200: statusesResponseSchema } },
    },
    async (request) => {
      const statuses = await listPropertyReports(app.db, currentUser(request), request.body.address);
      return { status: 'success' as const, data: { statuses } };
    },
  );

  app.get(
    '/reportContact/properties/:agentId',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: agentIdParamsSchema, response: { 200: agentPropertiesResponseSchema } },
    },
    async (request) => {
      const agent = await actingAgent(app.db, currentUser(request), request.params.agentId);
      const rows = await listAgentPropertyRefs(app.db, agent.id);
      return {
        status: 'success' as const,
        data: { properties: rows.map(({ id, ...rest }) => ({ _id: id, ...rest })) },
      };
    },
  );

  await app.register(shareRoutes, opts);
};
