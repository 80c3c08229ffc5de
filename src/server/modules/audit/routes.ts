import { auditListResponseSchema, auditQuerySchema } from '@shared/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: 'network' },
      schema: { querystring: auditQuerySchema, response: { 200: auditListResponseSchema } },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await listAudit(app.db, request.query);
      return { status: 'success' as const, data: { ...result, page, pageSize } };
    },
  );
};
