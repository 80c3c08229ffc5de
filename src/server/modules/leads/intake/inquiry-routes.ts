import { idParamsSchema } from '@shared/schemas/common';
import {
  inquiryBodySchema,
  inquiryListQuerySchema,
  inquiryListResponseSchema,
  inquiryResponseSchema,
} from '@shared/schemas/inquiry';
import { sentResponseSchema } from '@shared/schemas/leads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumeRateLimit, type RateRule } from '../../../lib/rate-limit';
import { currentUser } from '../../../plugins/session';
import { submitInquiry } from './inquiry';
import { getInquiry, listInquiries } from './inquiry-reads';

const SENT = { status: 'success' as const, message: 'הפנייה נשלחה, נחזור אליך בהקדם' };

/** Inquiries about a property: sent by visitors, read by admins and by the agents they concern. */
export const inquiryRoutes: FastifyPluginAsyncZod<{ formsPerIp: RateRule }> = async (app, opts) => {
  app.post(
    '/property/:id/inquiry',
    {
      config: { access: 'public', keepsReadCaches: true },
      // Counted before validation, like the lead form, so malformed floods are limited as well.
      onRequest: async (request) => consumeRateLimit(app.db, `inquiry:ip:${request.ip}`, opts.formsPerIp),
      schema: { params: idParamsSchema, body: inquiryBodySchema, response: { 201: sentResponseSchema } },
    },
    async (request, reply) => {
      if (request.body.website) {
        request.log.info({ form: 'inquiry' }, 'honeypot filled: submission dropped');
      } else {
        await submitInquiry(app.db, request.params.id, request.body, request.ip, app.env.APP_ORIGIN);
      }
      return reply.status(201).send(SENT);
    },
  );

  app.get(
    '/inquiries',
    {
      config: { access: 'signedIn' },
      schema: { querystring: inquiryListQuerySchema, response: { 200: inquiryListResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await listInquiries(app.db, currentUser(request), request.query);
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/inquiries/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: idParamsSchema, response: { 200: inquiryResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const inquiry = await getInquiry(app.db, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { inquiry } };
    },
  );
};
