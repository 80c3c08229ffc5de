import { lastImportResponseSchema } from '@shared/schemas/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lastImportSummary } from './summary';

/** Admin: the summary of the last import from the earlier app (shown on the settings page). */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/imports/last',
    { config: { access: 'network' }, schema: { response: { 200: lastImportResponseSchema } } },
    async () => ({ status: 'success' as const, data: { lastImport: await lastImportSummary(app.db) } }),
  );
};
