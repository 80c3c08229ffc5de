import { paths } from '@shared/paths';
import { idParamsSchema } from '@shared/schemas/common';
import {
  createShareBodySchema,
  createShareResponseSchema,
  sharedReportResponseSchema,
  shareListQuerySchema,
  shareListResponseSchema,
  shareResponseSchema,
  tokenParamsSchema,
} from '@shared/schemas/report-share';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { absoluteUrl } from '../../lib/links';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { sharedReport } from './shared-report';
import { createShare, listShares, revokeShare } from './shares-service';

/** How often one address may read shared seller reports (the API and the /SellerReport page count together). */
export type ShareRoutesOptions = { sharedReportPerIp: RateRule };

/** Default: 120 a minute per address (docs/decisions/0031 says whose address). */
export const SHARED_REPORT_PER_IP: RateRule = { max: 120, windowMs: 60_000 };

/**
 * Counts one read of a shared seller report from this address; 429 past the rule. Tokens are 256-bit, so
 * guessing is hopeless anyway; the cap keeps a scraper from hammering the database through either door.
 */
export const limitSharedReport = (db: Database, ip: string, rule: RateRule) =>
  consumeRateLimit(db, `shared-report:${ip}`, rule);

/** Seller links: the agent (or an admin) creates, lists and revokes them; anyone with a valid token reads. */
export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, opts) => {
  // What these writes change for the read caches (docs/decisions/0022): no read cache holds report shares.
  declareChanges(app, []);
  app.post(
    '/reportContact/shares',
    {
      config: { access: 'selfOrAdmin' },
      schema: { body: createShareBodySchema, response: { 201: createShareResponseSchema } },
    },
    async (request, reply) => {
      const created = await createShare(app.db, currentUser(request), request.body);
      const data = { ...created, url: absoluteUrl(app.env.APP_ORIGIN, created.path) };
      return reply.status(201).send({ status: 'success' as const, data });
    },
  );

  app.get(
    '/reportContact/shares',
    {
      config: { access: 'selfOrAdmin' },
      schema: { querystring: shareListQuerySchema, response: { 200: shareListResponseSchema } },
    },
    async (request) => {
      const { agentId, address } = request.query;
      const shares = await listShares(app.db, currentUser(request), agentId, address);
      return { status: 'success' as const, data: { shares } };
    },
  );

  app.delete(
    '/reportContact/shares/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: { params: idParamsSchema, response: { 200: shareResponseSchema } },
    },
    async (request) => {
      const share = await revokeShare(app.db, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { share } };
    },
  );

  app.get(
    '/reportContact/shared/:token',
    {
      config: { access: 'public' },
      schema: { params: tokenParamsSchema, response: { 200: sharedReportResponseSchema } },
    },
    async (request, reply) => {
      await limitSharedReport(app.db, request.ip, opts.sharedReportPerIp);
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      const { token } = request.params;
      const report = await sharedReport(app.db, app.storage, token);
      const url = absoluteUrl(app.env.APP_ORIGIN, paths.sellerReport(token));
      return { status: 'success' as const, data: { report: { ...report, url } } };
    },
  );
};
