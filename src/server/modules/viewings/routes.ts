import { idParamsSchema, successSchema } from '@shared/schemas/common';
import { viewingOutcomeBodySchema } from '@shared/schemas/viewing-outcome';
import { RECORD_MESSAGES, recordViewingSchema } from '@shared/schemas/viewing-record';
import {
  availabilityBodySchema,
  availabilityResponseSchema,
  blockBodySchema,
  blockResponseSchema,
  bookViewingResponseSchema,
  bookViewingSchema,
  confirmViewingSchema,
  tokenParamsSchema,
  VIEWING_MESSAGES,
  viewingLinkResponseSchema,
  viewingListQuerySchema,
  viewingListResponseSchema,
  viewingResponseSchema,
  viewingSettingsBodySchema,
  viewingSettingsResponseSchema,
  viewingSlotsResponseSchema,
} from '@shared/schemas/viewings';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { outwardOf } from './announce';
import { bookViewing, cancelByLink, SlotRefused, slotView, viewingOfLink, viewingSlots } from './booking';
import { recordOutcome } from './outcome';
import { recordViewing } from './record';
import {
  addAgentBlock,
  addPropertyBlock,
  agentAvailabilityOf,
  cancelViewing,
  confirmViewing,
  deleteBlock,
  listViewings,
  propertyViewingSettingsOf,
  setAgentAvailability,
  setPropertyViewingSettings,
} from './staff';

const success = <T>(data: T) => ({ status: 'success' as const, data });
const tags = ['viewings'];
const okBody = successSchema(z.object({}));

/** A slot refused with the next free ones: the visitor picks again without reloading. */
export const slotRefusalBody = (error: SlotRefused) => ({
  status: 'fail' as const,
  code: error.code,
  message: error.message,
  fieldErrors: { slots: error.message },
  slots: error.slots.map(slotView),
});

const refusalOr = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SlotRefused) return reply.status(error.statusCode).send(slotRefusalBody(error));
    throw error;
  }
};

/** Viewings (docs/viewings.md): the public slots and booking, the visitor's link, and the staff's tools. */
export const viewingRoutes: FastifyPluginAsyncZod<{ formsPerIp: RateRule }> = async (app, opts) => {
  // No read cache holds viewings; the lead a booking makes is as an inquiry's (keepsReadCaches below).
  declareChanges(app, []);
  // Viewings name visitors and their times: never kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/property/:id/viewing-slots',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A property's next free viewing slots",
        params: idParamsSchema,
        response: { 200: viewingSlotsResponseSchema },
      },
    },
    async (request) => success(await viewingSlots(app.db, request.params.id)),
  );

  app.post(
    '/property/:id/viewings',
    {
      config: { access: 'public', keepsReadCaches: true },
      // Counted before validation, like the other public forms, so malformed floods are limited as well.
      onRequest: async (request) => consumeRateLimit(app.db, `viewing:ip:${request.ip}`, opts.formsPerIp),
      schema: {
        tags,
        summary: 'A visitor books a slot (instant) or proposes up to three (request)',
        params: idParamsSchema,
        body: bookViewingSchema,
        response: { 201: bookViewingResponseSchema },
      },
    },
    async (request, reply) =>
      refusalOr(reply, async () => {
        const booked = await bookViewing(app.db, request.params.id, request.body, outwardOf(app.env));
        const message =
          booked.viewing.status === 'confirmed' ? VIEWING_MESSAGES.booked : VIEWING_MESSAGES.requested;
        return reply.status(201).send({ status: 'success' as const, message, data: booked });
      }),
  );

  app.get(
    '/viewings/link/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: tokenParamsSchema, response: { 200: viewingLinkResponseSchema } },
    },
    async (request) => success({ viewing: await viewingOfLink(app.db, request.params.token) }),
  );

  app.post(
    '/viewings/link/:token/cancel',
    {
      config: { access: 'public', keepsReadCaches: true },
      onRequest: async (request) => consumeRateLimit(app.db, `viewing:ip:${request.ip}`, opts.formsPerIp),
      schema: { tags, params: tokenParamsSchema, response: { 200: viewingLinkResponseSchema } },
    },
    async (request) =>
      success({ viewing: await cancelByLink(app.db, request.params.token, app.env.APP_ORIGIN) }),
  );

  app.get(
    '/agents/:id/viewing-availability',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParamsSchema, response: { 200: availabilityResponseSchema } },
    },
    async (request) => success(await agentAvailabilityOf(app.db, currentUser(request), request.params.id)),
  );

  app.put(
    '/agents/:id/viewing-availability',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: idParamsSchema,
        body: availabilityBodySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) =>
      success(await setAgentAvailability(app.db, currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/agents/:id/viewing-blocks',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParamsSchema, body: blockBodySchema, response: { 201: blockResponseSchema } },
    },
    async (request, reply) => {
      const block = await addAgentBlock(app.db, currentUser(request), request.params.id, request.body);
      return reply.status(201).send(success({ block }));
    },
  );

  app.get(
    '/property/:id/viewing-settings',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParamsSchema, response: { 200: viewingSettingsResponseSchema } },
    },
    async (request) =>
      success(await propertyViewingSettingsOf(app.db, currentUser(request), request.params.id)),
  );

  app.put(
    '/property/:id/viewing-settings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: idParamsSchema,
        body: viewingSettingsBodySchema,
        response: { 200: viewingSettingsResponseSchema },
      },
    },
    async (request) =>
      success(
        await setPropertyViewingSettings(app.db, currentUser(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/property/:id/viewing-blocks',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParamsSchema, body: blockBodySchema, response: { 201: blockResponseSchema } },
    },
    async (request, reply) => {
      const block = await addPropertyBlock(app.db, currentUser(request), request.params.id, request.body);
      return reply.status(201).send(success({ block }));
    },
  );

  app.delete(
    '/viewing-blocks/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: idParamsSchema, response: { 200: okBody } } },
    async (request) => {
      await deleteBlock(app.db, currentUser(request), request.params.id);
      return success({});
    },
  );

  app.get(
    '/viewings',
    {
      config: { access: 'signedIn' },
      schema: { tags, querystring: viewingListQuerySchema, response: { 200: viewingListResponseSchema } },
    },
    async (request) => success({ viewings: await listViewings(app.db, currentUser(request), request.query) }),
  );

  app.post(
    '/viewings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Staff record a viewing arranged by phone: ahead (up to 60 days, confirmed and announced) or past (up to 14 days)',
        body: recordViewingSchema,
        response: { 201: viewingResponseSchema.extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewing = await recordViewing(app.db, currentUser(request), request.body, outwardOf(app.env));
      return reply
        .status(201)
        .send({ status: 'success' as const, message: RECORD_MESSAGES.recorded, data: { viewing } });
    },
  );

  app.post(
    '/viewings/:id/confirm',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: idParamsSchema,
        body: confirmViewingSchema.optional(),
        response: { 200: viewingResponseSchema },
      },
    },
    async (request, reply) =>
      refusalOr(reply, async () =>
        success({
          viewing: await confirmViewing(
            app.db,
            currentUser(request),
            request.params.id,
            request.body?.startsAt,
            outwardOf(app.env),
          ),
        }),
      ),
  );

  app.post(
    '/viewings/:id/cancel',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParamsSchema, response: { 200: viewingResponseSchema } },
    },
    async (request) =>
      success({
        viewing: await cancelViewing(app.db, currentUser(request), request.params.id, app.env.APP_ORIGIN),
      }),
  );

  app.post(
    '/viewings/:id/outcome',
    {
      // A viewing that took place logs a tour: the indicators move as with a typed one.
      config: { access: 'signedIn', changes: [scopes.indicators] },
      schema: {
        tags,
        summary: 'After the viewing: it took place (interest 1-5, notes) or the visitor did not come',
        params: idParamsSchema,
        body: viewingOutcomeBodySchema,
        response: { 200: viewingResponseSchema },
      },
    },
    async (request) =>
      success({
        viewing: await recordOutcome(app.db, currentUser(request), request.params.id, request.body),
      }),
  );
};
