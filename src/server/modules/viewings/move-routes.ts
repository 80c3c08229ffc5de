import { idParamsSchema } from '@shared/schemas/common';
import { moveViewingSchema } from '@shared/schemas/viewing-move';
import {
  tokenParamsSchema,
  viewingLinkResponseSchema,
  viewingResponseSchema,
} from '@shared/schemas/viewings';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { outwardOf } from './announce';
import { SlotRefused } from './booking';
import { moveByLink, moveByStaff } from './move';
import { slotRefusalBody } from './routes';

const tags = ['viewings'];

const refusalOr = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SlotRefused) return reply.status(error.statusCode).send(slotRefusalBody(error));
    throw error;
  }
};

/** Moving a viewing to another free slot of its property (docs/viewings.md): by the visitor's link or by staff. */
export const viewingMoveRoutes: FastifyPluginAsyncZod<{ formsPerIp: RateRule }> = async (app, opts) => {
  // No read cache holds viewings.
  declareChanges(app, []);
  // Viewings name visitors and their times: never kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.post(
    '/viewings/link/:token/move',
    {
      config: { access: 'public', keepsReadCaches: true },
      onRequest: async (request) => consumeRateLimit(app.db, `viewing:ip:${request.ip}`, opts.formsPerIp),
      schema: {
        tags,
        summary:
          'The visitor moves their viewing to another free slot (409 with the next free slots when taken)',
        params: tokenParamsSchema,
        body: moveViewingSchema,
        response: { 200: viewingLinkResponseSchema },
      },
    },
    async (request, reply) =>
      refusalOr(reply, async () => ({
        status: 'success' as const,
        data: {
          viewing: await moveByLink(app.db, request.params.token, request.body.slot, outwardOf(app.env)),
        },
      })),
  );
  app.post(
    '/viewings/:id/move',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Staff move a viewing to another free slot, keeping its agent',
        params: idParamsSchema,
        body: moveViewingSchema,
        response: { 200: viewingResponseSchema },
      },
    },
    async (request, reply) =>
      refusalOr(reply, async () => ({
        status: 'success' as const,
        data: {
          viewing: await moveByStaff(
            app.db,
            currentUser(request),
            request.params.id,
            request.body.slot,
            outwardOf(app.env),
          ),
        },
      })),
  );
};
