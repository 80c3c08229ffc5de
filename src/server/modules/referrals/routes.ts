import { idParamsSchema } from '@shared/schemas/common';
import {
  acceptReferralSchema,
  createReferralSchema,
  declineReferralSchema,
  referralListResponseSchema,
  referralOptionsResponseSchema,
  referralResponseSchema,
} from '@shared/schemas/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import {
  acceptReferral,
  declineReferral,
  listReferrals,
  referLead,
  referralById,
  referralOptions,
} from './service';

const success = <T>(data: T) => ({ status: 'success' as const, data });

/** Referring a lead to another branch (docs/decisions/0044-lead-referrals.md). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): a lead's branch and owner, and its
  // timeline, which the pipeline's figures read.
  declareChanges(app, [scopes.indicators]);
  // Referrals name people's leads: never kept by a browser or a proxy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET') reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/referrals/options',
    { config: { access: 'signedIn' }, schema: { response: { 200: referralOptionsResponseSchema } } },
    async (request) => success(await referralOptions(app.db, currentUser(request))),
  );

  app.post(
    '/pipeline/leads/:id/referral',
    {
      config: { access: 'selfOrAdmin' },
      schema: {
        params: idParamsSchema,
        body: createReferralSchema,
        response: { 201: referralResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await referLead(app.db, user, request.params.id, request.body);
      return reply.status(201).send(success({ referral: await referralById(app.db, user, id) }));
    },
  );

  app.get(
    '/referrals',
    { config: { access: 'admin' }, schema: { response: { 200: referralListResponseSchema } } },
    async (request) => success({ referrals: await listReferrals(app.db, currentUser(request)) }),
  );

  app.post(
    '/referrals/:id/accept',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: acceptReferralSchema,
        response: { 200: referralResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await acceptReferral(app.db, user, request.params.id, request.body);
      return success({ referral: await referralById(app.db, user, request.params.id) });
    },
  );

  app.post(
    '/referrals/:id/decline',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: declineReferralSchema,
        response: { 200: referralResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await declineReferral(app.db, user, request.params.id, request.body);
      return success({ referral: await referralById(app.db, user, request.params.id) });
    },
  );
};
