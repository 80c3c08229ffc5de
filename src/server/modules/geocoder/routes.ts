import { geocodeQuerySchema, geocodeResponseSchema } from '@shared/schemas/geocode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocode } from './service';

/**
 * GET /geocode: the point an address suggests (the property form, docs/locations.md), for staff who edit
 * listings. Reads only: it keeps what the service answered, which no read cache holds.
 */
export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geocode',
    {
      config: { access: 'admin' },
      schema: { querystring: geocodeQuerySchema, response: { 200: geocodeResponseSchema } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await geocode(app.db, app.env.GEOCODER_URL, request.query),
    }),
  );
};
