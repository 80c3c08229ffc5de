import { matchingBuyersResponseSchema, matchingPropertiesResponseSchema } from '@shared/schemas/alerts';
import { idParamsSchema } from '@shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/session';
import { matchingBuyers, matchingProperties } from './matches';

/** The agents' side of buyer requirements: a property's matching buyers, a lead's matching properties. */
export const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/property/:id/matching-buyers',
    {
      config: { access: 'signedIn' },
      schema: { params: idParamsSchema, response: { 200: matchingBuyersResponseSchema } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { buyers: await matchingBuyers(app.db, currentUser(request), request.params.id) },
    }),
  );

  app.get(
    '/pipeline/leads/:id/matching-properties',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: idParamsSchema, response: { 200: matchingPropertiesResponseSchema } },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        requirements: await matchingProperties(app.db, app.storage, currentUser(request), request.params.id),
      },
    }),
  );
};
