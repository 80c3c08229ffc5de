import { idParamsSchema } from '@shared/schemas/common';
import {
  propertyNetworkResponseSchema,
  setNetworkShareSchema,
  staffPropertyListQuerySchema,
  staffPropertyListResponseSchema,
} from '@shared/schemas/network-share';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/session';
import { listStaffProperties, propertyNetwork, setNetworkShare } from './network-share';

const success = <T>(data: T) => ({ status: 'success' as const, data });

/**
 * Sharing a property with the network (docs/decisions/0052): the staff list, a property's place in the network
 * and the switch. Answers name people and owners: never kept by a browser or a proxy.
 */
export const propertyNetworkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/property/staff',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: "The branch's listings and the other branches' shared ones",
        querystring: staffPropertyListQuerySchema,
        response: { 200: staffPropertyListResponseSchema },
      },
    },
    async (request) =>
      success(await listStaffProperties(app.db, app.storage, currentUser(request), request.query)),
  );

  app.get(
    '/property/:id/network',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: 'Whether the property is shared with the network, and whom another branch calls about it',
        params: idParamsSchema,
        response: { 200: propertyNetworkResponseSchema },
      },
    },
    async (request) =>
      success({ network: await propertyNetwork(app.db, currentUser(request), request.params.id) }),
  );

  app.put(
    '/property/:id/network',
    {
      // The public listing does not carry the sharing: no read cache changes.
      config: { access: 'signedIn', changes: [] },
      schema: {
        summary: 'Share the property with the network, or stop sharing it',
        params: idParamsSchema,
        body: setNetworkShareSchema,
        response: { 200: propertyNetworkResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await setNetworkShare(app.db, user, request.params.id, request.body.shared);
      return success({ network: await propertyNetwork(app.db, user, request.params.id) });
    },
  );
};
