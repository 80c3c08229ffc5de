import { publicSettings, publicSettingsResponseSchema } from '@shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettings } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { config: { access: 'public' }, schema: { response: { 200: publicSettingsResponseSchema } } },
    async () => {
      return { status: 'success' as const, data: { settings: publicSettings(await getSettings(app.db)) } };
    },
  );
};
