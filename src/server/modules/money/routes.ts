import { idParamsSchema } from '@shared/schemas/common';
import {
  dealListQuerySchema,
  dealListResponseSchema,
  dealPaymentParamsSchema,
  dealPaymentSchema,
  dealStateResponseSchema,
  dealStatusSchema,
} from '@shared/schemas/deals';
import {
  createFeePlanSchema,
  createVatRateSchema,
  feePlanListResponseSchema,
  feePlanResponseSchema,
  statementResponseSchema,
  vatRateResponseSchema,
  vatRatesResponseSchema,
} from '@shared/schemas/money';
import {
  agentMonthStatementResponseSchema,
  branchMonthStatementResponseSchema,
  monthQuerySchema,
} from '@shared/schemas/month-statements';
import {
  createRoyaltyPaymentSchema,
  royaltyDuesResponseSchema,
  royaltyPaymentListQuerySchema,
  royaltyPaymentListResponseSchema,
  royaltyPaymentResponseSchema,
  voidRoyaltyPaymentSchema,
} from '@shared/schemas/royalty-payments';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/session';
import { listDeals } from './deal-list';
import { addDealPayment, deleteDealPayment, setDealStatus } from './deal-records';
import { dealsCsv } from './deals-csv';
import { createFeePlan, listFeePlans } from './fee-plans';
import { agentMonthStatement, branchMonthStatement } from './month-statements';
import { royaltiesCsv } from './royalties-csv';
import { royaltyDues } from './royalty-dues';
import { listRoyaltyPayments, recordRoyaltyPayment, voidRoyaltyPayment } from './royalty-payments';
import {
  agentStatementCsv,
  agentStatementPdf,
  branchStatementCsv,
  branchStatementPdf,
} from './statement-files';
import { dealStatement } from './statements';
import { addVatRate, listVatRates } from './vat-rates';

const FILE_TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

/** A download: the deals list, a month's statement or the royalties, as a spreadsheet or a PDF. */
const sendFile = (
  reply: FastifyReply,
  kind: keyof typeof FILE_TYPES,
  filename: string,
  body: string | Buffer,
) =>
  reply
    .header('content-type', FILE_TYPES[kind])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);

const success = <T>(data: T) => ({ status: 'success' as const, data });

/** Fee plans and deal statements (docs/money.md, docs/decisions/0048-commission-statements.md). */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Money is personal: never kept by a browser or a proxy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET') reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/branches/:id/fee-plans',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: feePlanListResponseSchema } },
    },
    async (request) => success(await listFeePlans(app.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/branches/:id/fee-plans',
    {
      config: { access: 'network' },
      schema: { params: idParamsSchema, body: createFeePlanSchema, response: { 201: feePlanResponseSchema } },
    },
    async (request, reply) => {
      const feePlan = await createFeePlan(app.db, currentUser(request), request.params.id, request.body);
      return reply.status(201).send(success({ feePlan }));
    },
  );

  app.get(
    '/deals/:id/statement',
    {
      config: { access: 'signedIn' },
      schema: { params: idParamsSchema, response: { 200: statementResponseSchema } },
    },
    async (request) =>
      success({ statement: await dealStatement(app.db, currentUser(request), request.params.id) }),
  );

  app.get(
    '/deals',
    {
      config: { access: 'signedIn' },
      schema: { querystring: dealListQuerySchema, response: { 200: dealListResponseSchema } },
    },
    async (request) => success(await listDeals(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/deals.csv',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: 'The deals list as a spreadsheet (UTF-8 with a BOM, Hebrew headers, a totals row)',
        querystring: dealListQuerySchema,
      },
    },
    async (request, reply) => {
      const list = await listDeals(app.db, currentUser(request), request.query);
      return sendFile(reply, 'csv', `deals-${list.from}-${list.to}.csv`, dealsCsv(list));
    },
  );

  // Monthly statements and the network's royalties (docs/money.md, decision 0060).
  app.get(
    '/agents/:id/month-statement',
    {
      config: { access: 'signedIn' },
      schema: {
        params: idParamsSchema,
        querystring: monthQuerySchema,
        response: { 200: agentMonthStatementResponseSchema },
      },
    },
    async (request) =>
      success({
        statement: await agentMonthStatement(app.db, currentUser(request), request.params.id, request.query),
      }),
  );

  app.get(
    '/agents/:id/month-statement.csv',
    {
      config: { access: 'signedIn' },
      schema: {
        summary:
          "An agent's monthly statement as a spreadsheet (UTF-8 with a BOM, Hebrew headers, a totals row)",
        params: idParamsSchema,
        querystring: monthQuerySchema,
      },
    },
    async (request, reply) => {
      const statement = await agentMonthStatement(
        app.db,
        currentUser(request),
        request.params.id,
        request.query,
      );
      return sendFile(reply, 'csv', `statement-${statement.month}.csv`, agentStatementCsv(statement));
    },
  );

  app.get(
    '/agents/:id/month-statement.pdf',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: "An agent's monthly statement as a PDF (Hebrew, right to left)",
        params: idParamsSchema,
        querystring: monthQuerySchema,
      },
    },
    async (request, reply) => {
      const statement = await agentMonthStatement(
        app.db,
        currentUser(request),
        request.params.id,
        request.query,
      );
      return sendFile(
        reply,
        'pdf',
        `statement-${statement.month}.pdf`,
        Buffer.from(await agentStatementPdf(statement)),
      );
    },
  );

  app.get(
    '/branches/:id/month-statement',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        querystring: monthQuerySchema,
        response: { 200: branchMonthStatementResponseSchema },
      },
    },
    async (request) =>
      success({
        statement: await branchMonthStatement(app.db, currentUser(request), request.params.id, request.query),
      }),
  );

  app.get(
    '/branches/:id/month-statement.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: "A branch's monthly statement as a spreadsheet: its deals, a totals row, each agent's total",
        params: idParamsSchema,
        querystring: monthQuerySchema,
      },
    },
    async (request, reply) => {
      const statement = await branchMonthStatement(
        app.db,
        currentUser(request),
        request.params.id,
        request.query,
      );
      return sendFile(reply, 'csv', `branch-statement-${statement.month}.csv`, branchStatementCsv(statement));
    },
  );

  app.get(
    '/branches/:id/month-statement.pdf',
    {
      config: { access: 'admin' },
      schema: {
        summary: "A branch's monthly statement as a PDF (Hebrew, right to left)",
        params: idParamsSchema,
        querystring: monthQuerySchema,
      },
    },
    async (request, reply) => {
      const statement = await branchMonthStatement(
        app.db,
        currentUser(request),
        request.params.id,
        request.query,
      );
      return sendFile(
        reply,
        'pdf',
        `branch-statement-${statement.month}.pdf`,
        Buffer.from(await branchStatementPdf(statement)),
      );
    },
  );

  // The royalties due, paid and left per branch (docs/money.md, "Royalty payments"): network roles every branch,
  // a branch's managers their own.
  app.get(
    '/royalties',
    {
      config: { access: 'admin' },
      schema: { querystring: monthQuerySchema, response: { 200: royaltyDuesResponseSchema } },
    },
    async (request) => success(await royaltyDues(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/royalties.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'The royalties per branch for a month and the year so far, due, paid and left, as a spreadsheet',
        querystring: monthQuerySchema,
      },
    },
    async (request, reply) => {
      const dues = await royaltyDues(app.db, currentUser(request), request.query);
      return sendFile(reply, 'csv', `royalties-${dues.month}.csv`, royaltiesCsv(dues));
    },
  );

  app.get(
    '/royalty-payments',
    {
      config: { access: 'admin' },
      schema: {
        summary: "The royalty payments of a month or a year (a branch's managers: their branch's)",
        querystring: royaltyPaymentListQuerySchema,
        response: { 200: royaltyPaymentListResponseSchema },
      },
    },
    async (request) => success(await listRoyaltyPayments(app.db, currentUser(request), request.query)),
  );

  app.post(
    '/royalty-payments',
    {
      config: { access: 'network' },
      schema: { body: createRoyaltyPaymentSchema, response: { 201: royaltyPaymentResponseSchema } },
    },
    async (request, reply) => {
      const payment = await recordRoyaltyPayment(app.db, currentUser(request), request.body);
      return reply.status(201).send(success({ payment }));
    },
  );

  app.post(
    '/royalty-payments/:id/void',
    {
      config: { access: 'network' },
      schema: {
        summary: 'Voids a royalty payment recorded by mistake, with the reason (it then counts in no figure)',
        params: idParamsSchema,
        body: voidRoyaltyPaymentSchema,
        response: { 200: royaltyPaymentResponseSchema },
      },
    },
    async (request) =>
      success({
        payment: await voidRoyaltyPayment(app.db, currentUser(request), request.params.id, request.body),
      }),
  );

  app.patch(
    '/deals/:id/status',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: dealStatusSchema, response: { 200: dealStateResponseSchema } },
    },
    async (request) =>
      success({ deal: await setDealStatus(app.db, currentUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/deals/:id/payments',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: dealPaymentSchema, response: { 201: dealStateResponseSchema } },
    },
    async (request, reply) => {
      const deal = await addDealPayment(app.db, currentUser(request), request.params.id, request.body);
      return reply.status(201).send(success({ deal }));
    },
  );

  app.delete(
    '/deals/:id/payments/:pid',
    {
      config: { access: 'admin' },
      schema: { params: dealPaymentParamsSchema, response: { 200: dealStateResponseSchema } },
    },
    async (request) =>
      success({
        deal: await deleteDealPayment(app.db, currentUser(request), request.params.id, request.params.pid),
      }),
  );

  app.get(
    '/vat-rates',
    { config: { access: 'admin' }, schema: { response: { 200: vatRatesResponseSchema } } },
    async () => success(await listVatRates(app.db)),
  );

  app.post(
    '/vat-rates',
    {
      config: { access: 'network' },
      schema: { body: createVatRateSchema, response: { 201: vatRateResponseSchema } },
    },
    async (request, reply) => {
      const vatRate = await addVatRate(app.db, currentUser(request), request.body);
      return reply.status(201).send(success({ vatRate }));
    },
  );
};
