import { idParamsSchema, successSchema } from '@shared/schemas/common';
import {
  createOrderSchema,
  myDayOrdersResponseSchema,
  orderDraftResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  revokeOrderSchema,
  sendOrderResponseSchema,
  signOrderSchema,
  tokenParamsSchema,
} from '@shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { ALL_LISTINGS, scopes } from '../../plugins/cache-scopes';
import { declareChanges, noteChanged } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { sendSmsSoon, smsConfigured } from '../sms';
import {
  createOrder,
  listOrders,
  orderDraft,
  orderView,
  revokeOrder,
  sendOrder,
  unsignedOrders,
  updateOrder,
} from './service';
import { privateHeaders } from './sign-page';
import { signOrder } from './signing';

const success = <T>(data: T) => ({ status: 'success' as const, data });
const tags = ['orders'];

/**
 * Signature attempts per address (a wrong drawing, a typed name that does not match...): enough for a family on
 * one network, far too few to try tokens (they are 256 random bits anyway).
 */
export const SIGN_ATTEMPTS_PER_IP: RateRule = { max: 30, windowMs: 15 * 60_000 };

/** Brokerage orders (docs/brokerage-order.md): staff issue and send them; the client signs through the link. */
export const orderRoutes: FastifyPluginAsyncZod<{ signPerIp?: RateRule }> = async (app, opts) => {
  // What these writes change for the read caches (docs/decisions/0022): no read cache holds orders.
  declareChanges(app, []);
  // Orders name people and their ID numbers: never kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    privateHeaders(reply);
    return payload;
  });

  app.get(
    '/orders/draft',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A new order prefilled from a lead or a property',
        querystring: orderListQuerySchema,
        response: { 200: orderDraftResponseSchema },
      },
    },
    async (request) => success({ draft: await orderDraft(app.db, currentUser(request), request.query) }),
  );

  app.get(
    '/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The orders of a lead or of a property',
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema },
      },
    },
    async (request) => success({ orders: await listOrders(app.db, currentUser(request), request.query) }),
  );

  app.get(
    '/orders/unsigned',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'My orders sent over 24 hours ago and not signed',
        response: { 200: myDayOrdersResponseSchema },
      },
    },
    async (request) => success({ orders: await unsignedOrders(app.db, currentUser(request)) }),
  );

  app.post(
    '/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Issue an order',
        body: createOrderSchema,
        response: { 201: orderResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createOrder(app.db, user, request.body);
      return reply.status(201).send(success({ order: await orderView(app.db, user, id) }));
    },
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'One order', params: idParamsSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => success({ order: await orderView(app.db, currentUser(request), request.params.id) }),
  );

  app.put(
    '/orders/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change an order before it is signed (409 once signed)',
        params: idParamsSchema,
        body: createOrderSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await updateOrder(app.db, user, request.params.id, request.body);
      return success({ order: await orderView(app.db, user, request.params.id) });
    },
  );

  app.post(
    '/orders/:id/send',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A new signing link, with its WhatsApp message (and an SMS when a provider is configured)',
        params: idParamsSchema,
        response: { 200: sendOrderResponseSchema },
      },
    },
    async (request) => {
      const smsOn = smsConfigured(app.env);
      const sent = await sendOrder(
        app.db,
        currentUser(request),
        request.params.id,
        app.env.APP_ORIGIN,
        smsOn,
      );
      if (sent.smsSent) sendSmsSoon(app);
      return success(sent);
    },
  );

  app.post(
    '/orders/:id/revoke',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Revoke an order, with a reason (audited); a running exclusivity's property loses its exclusive flag",
        params: idParamsSchema,
        body: revokeOrderSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { clearedPropertyId } = await revokeOrder(app.db, user, request.params.id, request.body.reason);
      // A revoked exclusivity may have taken the property's public badge with it.
      if (clearedPropertyId) noteChanged(request, scopes.property(clearedPropertyId), ...ALL_LISTINGS);
      return success({ order: await orderView(app.db, user, request.params.id) });
    },
  );

  app.post(
    '/sign/:token',
    {
      config: { access: 'public' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: "The client's signature through a signing link (404 unknown, 410 used, expired or revoked)",
        params: tokenParamsSchema,
        body: signOrderSchema,
        response: { 200: successSchema(z.object({ signedAt: z.string(), htmlSha256: z.string() })) },
      },
    },
    async (request) => {
      await consumeRateLimit(app.db, `order-sign:${request.ip}`, opts.signPerIp ?? SIGN_ATTEMPTS_PER_IP);
      const signed = await signOrder(app.db, app.storage, request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        appOrigin: app.env.APP_ORIGIN,
        smsOn: smsConfigured(app.env),
      });
      // A signed exclusivity makes its property exclusive (the public badge).
      const propertyId = signed.kind === 'exclusivity' ? signed.properties[0]?.propertyId : undefined;
      if (propertyId) noteChanged(request, scopes.property(propertyId), ...ALL_LISTINGS);
      return success({ signedAt: signed.signedAt!.toISOString(), htmlSha256: signed.htmlSha256! });
    },
  );
};
