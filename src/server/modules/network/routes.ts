import { networkDashboardQuerySchema, networkDashboardResponseSchema } from '@shared/schemas/network';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareChanges } from '../../plugins/read-cache';
import { dashboardCsv } from './csv';
import { networkDashboard } from './service';

/** The network dashboard (decision 0045): network admins only; computed on each read, never cached. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these routes change for the read caches (docs/decisions/0022): they only read.
  declareChanges(app, []);

  app.get(
    '/network/dashboard',
    {
      config: { access: 'network' },
      schema: {
        summary: "Each branch's month side by side, and the network as their sum",
        querystring: networkDashboardQuerySchema,
        response: { 200: networkDashboardResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { year, month } = request.query;
      return { status: 'success' as const, data: await networkDashboard(app.db, year, month) };
    },
  );

  app.get(
    '/network/dashboard.csv',
    {
      config: { access: 'network' },
      schema: {
        summary: 'The network dashboard as a spreadsheet (UTF-8 with a BOM, Hebrew headers)',
        querystring: networkDashboardQuerySchema,
      },
    },
    async (request, reply) => {
      const { year, month } = request.query;
      const csv = dashboardCsv(await networkDashboard(app.db, year, month));
      const name = `network-${year}-${String(month).padStart(2, '0')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
