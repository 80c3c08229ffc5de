import {
  ALERT_MESSAGES,
  addEmailSchema,
  alertsPageResponseSchema,
  createSearchSchema,
  favouritesResponseSchema,
  linkBodySchema,
  phoneOnlySubscribedSchema,
  putFavouritesSchema,
  savedSearchResponseSchema,
  searchParamsSchema,
  subscribeBodySchema,
  tokenParamsSchema,
  updateSearchSchema,
  updateSubscriberSchema,
} from '@shared/schemas/alerts';
import { okSchema } from '@shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import type { AlertsContext } from './context';
import { alertsPage, confirm, updateSubscriber } from './page';
import { addEmail } from './phone-only';
import { deleteMyData, unsubscribe } from './removal';
import { createSearch, deleteSearch, putFavourites, updateSearch } from './saving';
import { sendLink } from './subscribe';
import { saveSubscription } from './subscription';

/**
 * subscribePerIp: subscriptions and link requests from one IP; pagePerIp: private-link requests from one IP
 * (guessing tokens is hopeless, but cheap to limit); perContact: saving per address or subscriber.
 */
export type AlertRoutesOptions = { subscribePerIp: RateRule; pagePerIp: RateRule; perContact: RateRule };

const success = <T>(data: T) => ({ status: 'success' as const, data });
const accepted = okSchema;

/**
 * The visitor's side of alerts (docs/alerts.md): subscribing with consent, and the private link's page of
 * favourites and saved searches. No session: the token in the path is the key. Public, rate-limited per IP
 * (before validation) and, for saving, per subscriber.
 */
export const alertRoutes: FastifyPluginAsyncZod<AlertRoutesOptions> = async (app, opts) => {
  const ctx: AlertsContext = {
    db: app.db,
    storage: app.storage,
    appOrigin: app.env.APP_ORIGIN,
    perContact: opts.perContact,
  };
  const config = { access: 'public' as const, keepsReadCaches: true };
  const limitSubscribe = async (request: { ip: string }) =>
    consumeRateLimit(app.db, `alerts:ip:${request.ip}`, opts.subscribePerIp);
  const limitPerIp = async (request: { ip: string }) =>
    consumeRateLimit(app.db, `alerts:page:ip:${request.ip}`, opts.pagePerIp);
  // What a private link shows is the subscriber's own: never kept by a browser cache or a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });

  app.post(
    '/alerts/subscribe',
    {
      config,
      onRequest: limitSubscribe,
      schema: { body: subscribeBodySchema, response: { 201: phoneOnlySubscribedSchema, 202: accepted } },
    },
    async (request, reply) => {
      const { token } = await saveSubscription(ctx, request.body, request.ip, request.log);
      if (token !== undefined)
        return reply
          .status(201)
          .send({ status: 'success', message: ALERT_MESSAGES.phoneOnlySubscribed, data: { token } });
      return reply.status(202).send({ status: 'success', message: ALERT_MESSAGES.subscribed });
    },
  );

  app.post(
    '/alerts/link',
    { config, onRequest: limitSubscribe, schema: { body: linkBodySchema, response: { 202: accepted } } },
    async (request, reply) => {
      if (!request.body.website) await sendLink(ctx, request.body.email);
      return reply.status(202).send({ status: 'success', message: ALERT_MESSAGES.linkSent });
    },
  );

  app.post(
    '/alerts/me/:token/email',
    {
      config,
      onRequest: limitSubscribe,
      schema: { params: tokenParamsSchema, body: addEmailSchema, response: { 202: accepted } },
    },
    async (request, reply) => {
      if (!request.body.website) await addEmail(ctx, request.params.token, request.body.email, request.ip);
      return reply.status(202).send({ status: 'success', message: ALERT_MESSAGES.subscribed });
    },
  );

  app.get(
    '/alerts/me/:token',
    {
      config,
      onRequest: limitPerIp,
      schema: { params: tokenParamsSchema, response: { 200: alertsPageResponseSchema } },
    },
    async (request) => success(await alertsPage(ctx, request.params.token)),
  );

  app.post(
    '/alerts/me/:token/confirm',
    {
      config,
      onRequest: limitPerIp,
      schema: { params: tokenParamsSchema, response: { 200: alertsPageResponseSchema } },
    },
    async (request) => success(await confirm(ctx, request.params.token, request.ip)),
  );

  app.patch(
    '/alerts/me/:token',
    {
      config,
      onRequest: limitPerIp,
      schema: {
        params: tokenParamsSchema,
        body: updateSubscriberSchema,
        response: { 200: alertsPageResponseSchema },
      },
    },
    async (request) => success(await updateSubscriber(ctx, request.params.token, request.body)),
  );

  app.delete(
    '/alerts/me/:token',
    { config, onRequest: limitPerIp, schema: { params: tokenParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteMyData(ctx, request.params.token);
      return { status: 'success' as const, message: ALERT_MESSAGES.deleted };
    },
  );

  app.post(
    '/alerts/me/:token/unsubscribe',
    { config, onRequest: limitPerIp, schema: { params: tokenParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const outcome = await unsubscribe(app.db, request.params.token, request.ip, 'access');
      if (outcome === 'unknown') throw notFound(ALERT_MESSAGES.tokenNotFound);
      return { status: 'success' as const, message: ALERT_MESSAGES.unsubscribed };
    },
  );

  app.put(
    '/alerts/me/:token/favourites',
    {
      config,
      onRequest: limitPerIp,
      schema: {
        params: tokenParamsSchema,
        body: putFavouritesSchema,
        response: { 200: favouritesResponseSchema },
      },
    },
    async (request) =>
      success({ favourites: await putFavourites(ctx, request.params.token, request.body.propertyIds) }),
  );

  app.post(
    '/alerts/me/:token/searches',
    {
      config,
      onRequest: limitPerIp,
      schema: {
        params: tokenParamsSchema,
        body: createSearchSchema,
        response: { 201: savedSearchResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(success({ search: await createSearch(ctx, request.params.token, request.body.filters) })),
  );

  app.patch(
    '/alerts/me/:token/searches/:id',
    {
      config,
      onRequest: limitPerIp,
      schema: {
        params: searchParamsSchema,
        body: updateSearchSchema,
        response: { 200: savedSearchResponseSchema },
      },
    },
    async (request) =>
      success({
        search: await updateSearch(ctx, request.params.token, request.params.id, request.body),
      }),
  );

  app.delete(
    '/alerts/me/:token/searches/:id',
    { config, onRequest: limitPerIp, schema: { params: searchParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteSearch(ctx, request.params.token, request.params.id);
      return { status: 'success' as const };
    },
  );
};
