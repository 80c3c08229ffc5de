import { idParamsSchema } from '@shared/schemas/common';
import { resendMailResponseSchema } from '@shared/schemas/leads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareChanges } from '../../plugins/read-cache';
import { resendFailedMail } from './resend';

/** The outbox as the admin sees it from the leads inbox. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): sending mail changes no cached data.
  declareChanges(app, []);
  app.post(
    '/mail/:id/resend',
    {
      config: { access: 'network' },
      schema: { params: idParamsSchema, response: { 200: resendMailResponseSchema } },
    },
    async (request) => {
      request.log.info({ mailId: request.params.id }, 'admin resends a failed mail');
      return {
        status: 'success' as const,
        data: { mail: await resendFailedMail(app.db, request.params.id) },
      };
    },
  );
};
