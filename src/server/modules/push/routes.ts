import { paths } from '@shared/paths';
import { idParamsSchema, okSchema } from '@shared/schemas/common';
import {
  MAX_PUSH_DEVICES,
  pushDeviceResponseSchema,
  pushPreferencesResponseSchema,
  pushPreferencesSchema,
  pushStateResponseSchema,
  pushSubscriptionSchema,
} from '@shared/schemas/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/session';
import { enqueuePush } from './outbox';
import { getPreferences, listDevices, removeDevice, setPreferences, subscribeDevice } from './subscriptions';
import { loadVapidKeys } from './vapid';

const TEST_PUSH = { title: 'התראת ניסיון', body: 'ההתראות פועלות במכשיר הזה.' };
const testResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ devices: z.number() }),
});

/** The signed-in user's own devices and notification choices; nobody acts on another user's. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['push'];

  app.get(
    '/push',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The server's push key, my devices and my choices",
        response: { 200: pushStateResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [keys, devices, preferences] = await Promise.all([
        loadVapidKeys(app.db, app.env),
        listDevices(app.db, user.id),
        getPreferences(app.db, user.id),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        status: 'success' as const,
        data: { publicKey: keys.publicKey, devices, preferences, maxDevices: MAX_PUSH_DEVICES },
      };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      config: { access: 'signedIn', keepsReadCaches: true },
      schema: {
        tags,
        summary: 'Turn notifications on for this device',
        body: pushSubscriptionSchema,
        response: { 201: pushDeviceResponseSchema },
      },
    },
    async (request, reply) => {
      const device = await subscribeDevice(
        app.db,
        currentUser(request).id,
        request.body,
        request.headers['user-agent'],
        app.env.PUSH_SERVICE_HOSTS,
      );
      return reply.status(201).send({ status: 'success' as const, data: { device } });
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      config: { access: 'signedIn', keepsReadCaches: true },
      schema: {
        tags,
        summary: 'Turn notifications off for one of my devices',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeDevice(app.db, currentUser(request).id, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/push/preferences',
    {
      config: { access: 'signedIn', keepsReadCaches: true },
      schema: {
        tags,
        summary: 'Which kinds of notification I want',
        body: pushPreferencesSchema,
        response: { 200: pushPreferencesResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { preferences: await setPreferences(app.db, currentUser(request).id, request.body) },
    }),
  );

  app.post(
    '/push/test',
    {
      config: { access: 'signedIn', keepsReadCaches: true },
      schema: {
        tags,
        summary: 'Send a test notification to my devices now',
        response: { 200: testResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Each press makes the server call push services: a few a minute is plenty for checking a device.
      await consumeRateLimit(app.db, `push-test:${user.id}`, { max: 5, windowMs: 60_000 });
      const devices = await enqueuePush(
        app.db,
        user.id,
        'test',
        { ...TEST_PUSH, url: paths.agentProfile() },
        { immediate: true },
      );
      return { status: 'success' as const, data: { devices } };
    },
  );
};
