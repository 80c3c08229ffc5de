import {
  jobApplicationBodySchema,
  leadBodySchema,
  leadsInboxResponseSchema,
  sentResponseSchema,
} from '@shared/schemas/leads';
import { VALUATION_MESSAGES, valuationBodySchema } from '@shared/schemas/valuation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type RateRule } from '../../../lib/rate-limit';
import { inquiryRoutes } from './inquiry-routes';
import { listInbox, submitJobApplication, submitLead, submitValuation } from './service';

export type LeadRoutesOptions = { formsPerIp: RateRule };

const SENT = { status: 'success' as const, message: 'הפרטים נשלחו בהצלחה!' };

const inboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) });

export const leadRoutes: FastifyPluginAsyncZod<LeadRoutesOptions> = async (app, opts) => {
  // Counted before validation, so a flood of malformed posts is limited as well.
  const limitPerIp = (form: string) => async (request: { ip: string }) =>
    consumeRateLimit(app.db, `${form}:ip:${request.ip}`, opts.formsPerIp);

  await app.register(inquiryRoutes, opts);

  app.post(
    '/email/send-mail',
    {
      config: { access: 'public', keepsReadCaches: true },
      onRequest: limitPerIp('lead'),
      schema: { body: leadBodySchema, response: { 201: sentResponseSchema } },
    },
    async (request, reply) => {
      if (request.body.website) {
        request.log.info({ form: 'lead' }, 'honeypot filled: submission dropped');
      } else {
        await submitLead(app.db, request.body, request.ip);
      }
      return reply.status(201).send(SENT);
    },
  );

  app.post(
    '/valuation',
    {
      config: { access: 'public', keepsReadCaches: true },
      onRequest: limitPerIp('valuation'),
      schema: { body: valuationBodySchema, response: { 201: sentResponseSchema } },
    },
    async (request, reply) => {
      if (request.body.website) {
        request.log.info({ form: 'valuation' }, 'honeypot filled: submission dropped');
      } else {
        await submitValuation(app.db, request.body, request.ip);
      }
      return reply.status(201).send({ status: 'success' as const, message: VALUATION_MESSAGES.sent });
    },
  );

  app.post(
    '/email/send-job-mail',
    {
      config: { access: 'public', keepsReadCaches: true },
      onRequest: limitPerIp('job'),
      schema: { body: jobApplicationBodySchema, response: { 201: sentResponseSchema } },
    },
    async (request, reply) => {
      if (request.body.website) {
        request.log.info({ form: 'job' }, 'honeypot filled: submission dropped');
      } else {
        await submitJobApplication(app.db, request.body, request.ip);
      }
      return reply.status(201).send(SENT);
    },
  );

  app.get(
    '/leads',
    {
      config: { access: 'network' },
      schema: { querystring: inboxQuerySchema, response: { 200: leadsInboxResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success' as const, data: await listInbox(app.db, request.query.limit) };
    },
  );
};
