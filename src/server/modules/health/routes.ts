import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await app.dbHandle.ping();
      return { status: 'ok', database: app.dbHandle.kind };
    } catch (err) {
      request.log.error({ err }, 'database ping failed');
      return reply.status(503).send({ status: 'error', code: 'INTERNAL', message: 'מסד הנתונים אינו זמין' });
    }
  });
};
