import { idParamsSchema } from '@shared/schemas/common';
import {
  createExclusivitySchema,
  exclusivityActionResponseSchema,
  exclusivityListQuerySchema,
  exclusivityListResponseSchema,
  exclusivityResponseSchema,
  logActionSchema,
} from '@shared/schemas/exclusivities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareChanges } from '../../../plugins/read-cache';
import { currentUser } from '../../../plugins/session';
import { privateHeaders } from '../sign-page';
import { createExclusivity, exclusivityView, listExclusivities, logAction } from './service';

const success = <T>(data: T) => ({ status: 'success' as const, data });
const tags = ['orders'];

/**
 * Exclusivities (docs/brokerage-order.md, "Exclusivity"): issued here, sent and signed through the order routes
 * (`POST /orders/:id/send`, `/sign/:token`), their marketing actions logged here.
 */
export const exclusivityRoutes: FastifyPluginAsyncZod = async (app) => {
  // The property's exclusive flag changes only when the client signs or the term ends (not through these
  // routes); no read cache holds exclusivities.
  declareChanges(app, []);
  app.addHook('onSend', async (_request, reply, payload) => {
    privateHeaders(reply);
    return payload;
  });

  app.get(
    '/exclusivities',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The exclusivities of a property, with their terms and marketing actions',
        querystring: exclusivityListQuerySchema,
        response: { 200: exclusivityListResponseSchema },
      },
    },
    async (request) =>
      success({
        exclusivities: await listExclusivities(app.db, currentUser(request), request.query.propertyId),
      }),
  );

  app.post(
    '/exclusivities',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Issue an exclusivity for a property (its term at most 6 or 12 months)',
        body: createExclusivitySchema,
        response: { 201: exclusivityResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createExclusivity(app.db, user, request.body);
      return reply.status(201).send(success({ exclusivity: await exclusivityView(app.db, user, id) }));
    },
  );

  app.get(
    '/exclusivities/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'One exclusivity',
        params: idParamsSchema,
        response: { 200: exclusivityResponseSchema },
      },
    },
    async (request) =>
      success({ exclusivity: await exclusivityView(app.db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/exclusivities/:id/actions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Log a marketing action done under a signed exclusivity',
        params: idParamsSchema,
        body: logActionSchema,
        response: { 201: exclusivityActionResponseSchema },
      },
    },
    async (request, reply) => {
      const action = await logAction(app.db, currentUser(request), request.params.id, request.body);
      return reply.status(201).send(success({ action }));
    },
  );
};
