import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyAdminRoutes } from './admin-routes';
import { propertyReadRoutes } from './routes';

/** Properties: public reads and admin mutations (the admin hook is scoped to its own plugin). */
export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(propertyReadRoutes);
  await app.register(propertyAdminRoutes);
};
