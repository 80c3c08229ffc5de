import { MAP_MAX_ZOOM } from '@shared/domain/geo-box';
import { idParamsSchema } from '@shared/schemas/common';
import {
  agentParamsSchema,
  citiesQuerySchema,
  mapSettingsResponseSchema,
  namesResponseSchema,
  propertyClustersQuerySchema,
  propertyClustersResponseSchema,
  propertyListResponseSchema,
  propertyResponseSchema,
  propertySearchQuerySchema,
  propertySearchResponseSchema,
  similarResponseSchema,
  streetsQuerySchema,
} from '@shared/schemas/property';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumeRateLimit } from '../../lib/rate-limit';
import { addVary } from '../../lib/vary';
import { ALL_LISTINGS, scopes } from '../../plugins/cache-scopes';
import { pickEncoding } from '../../plugins/compression';
import { hasSessionCookie, matchesEtag, PERSONAL } from '../../plugins/etag';
import { readCachesUsable, replyCached, scopeEtag } from '../../plugins/read-cache';
import { mapClusters } from './clusters';
import { buildSoldList, FULL_LIST_PER_IP, SOLD_PROPERTIES, streamAllProperties } from './full-list';
import { propertyCaches, searchScopes } from './read-cache';
import {
  getProperty,
  getPublicProperty,
  listAgentProperties,
  listCities,
  listSimilar,
  listStreets,
} from './reads';
import { searchProperties } from './search';

const ok = <T>(data: T) => ({ status: 'success' as const, data });

/** Public reads: the SPEC contract plus the single property, the search and similar properties. */
export const propertyReadRoutes: FastifyPluginAsyncZod = async (app) => {
  // The contract's full list, streamed in batches with bounded memory and limited per client. No response
  // schema: the rows are the same toProperty answer as everywhere else, written as they are read.
  app.get(
    '/property',
    {
      config: { access: 'public' },
      onRequest: async (request) => consumeRateLimit(app.db, `full-list:ip:${request.ip}`, FULL_LIST_PER_IP),
    },
    async (request, reply) => {
      // Too large to hash: the ETag names the generations of what the list reads, so a client that has it
      // (If-None-Match) gets 304 until a write changes a property or an agent.
      const etag = scopeEtag(app.db, 'full-list', [...ALL_LISTINGS, scopes.users, scopes.settings]);
      if (etag) {
        const personal = request.user !== null || hasSessionCookie(request);
        reply.header('etag', etag).header('cache-control', personal ? PERSONAL : 'no-cache');
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(streamAllProperties(app.db, app.storage));
    },
  );

  app.get(
    '/property/search',
    {
      config: { access: 'public' },
      schema: { querystring: propertySearchQuerySchema, response: { 200: propertySearchResponseSchema } },
    },
    async (request, reply) =>
      replyCached(
        reply,
        propertyCaches.search,
        app.db,
        JSON.stringify(request.query),
        propertySearchResponseSchema,
        async () => ok(await searchProperties(app.db, app.storage, request.query)),
        searchScopes(request.query.type),
      ),
  );

  // The map's settings (docs/locations.md): the style URL is an operator's setting, the zoom cap the privacy rule's.
  app.get(
    '/map',
    { config: { access: 'public' }, schema: { response: { 200: mapSettingsResponseSchema } } },
    async (request, reply) => {
      const personal = request.user !== null || hasSessionCookie(request);
      reply.header('cache-control', personal ? PERSONAL : 'public, max-age=300');
      return ok({ styleUrl: app.env.MAP_STYLE_URL, maxZoom: MAP_MAX_ZOOM });
    },
  );

  // The map's groups and pins (docs/locations.md): public points only, the zoom capped, a few hundred items at
  // most; cached and revalidated like the search (a CDN may keep it for a minute).
  app.get(
    '/properties/clusters',
    {
      config: { access: 'public' },
      schema: { querystring: propertyClustersQuerySchema, response: { 200: propertyClustersResponseSchema } },
    },
    async (request, reply) =>
      replyCached(
        reply,
        propertyCaches.clusters,
        app.db,
        JSON.stringify(request.query),
        propertyClustersResponseSchema,
        async () => ok(await mapClusters(app.db, app.storage, request.query)),
        [scopes.listings(request.query.type)],
      ),
  );

  // The contract's sold list, limited per client (its own counter: a visitor's search page asks for it once).
  // Built and compressed once per change of a listing, an agent or a branch, and sent as those bytes with a
  // strong ETag of the uncompressed body (If-None-Match: 304), so a caller costs no rows, JSON or
  // compression (docs/decisions/0039-lists-by-keyset.md). While the caches cannot be confirmed (PostgreSQL
  // connection trouble) it is streamed as the full list is.
  app.get(
    '/property/sold',
    {
      config: { access: 'public' },
      onRequest: async (request) => consumeRateLimit(app.db, `sold-list:ip:${request.ip}`, FULL_LIST_PER_IP),
    },
    async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      if (!readCachesUsable(app.db))
        return reply.send(streamAllProperties(app.db, app.storage, SOLD_PROPERTIES));
      const sold = await propertyCaches.soldList.get(app.db, 'sold', () =>
        buildSoldList(app.db, app.storage),
      );
      const personal = request.user !== null || hasSessionCookie(request);
      reply.header('etag', sold.etag).header('cache-control', personal ? PERSONAL : 'no-cache');
      addVary(reply, 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], sold.etag)) return reply.code(304).send();
      const encoding =
        request.headers['x-no-compression'] === undefined
          ? pickEncoding(request.headers['accept-encoding'])
          : undefined;
      if (!encoding) return reply.send(sold.body);
      return reply.header('content-encoding', encoding).send(sold[encoding]);
    },
  );

  app.get(
    '/property/getMyProperties/:agentId',
    {
      config: { access: 'public' },
      schema: { params: agentParamsSchema, response: { 200: propertyListResponseSchema } },
    },
    async (request) => ok({ data: await listAgentProperties(app.db, app.storage, request.params.agentId) }),
  );

  app.get(
    '/property/locations/cities',
    {
      config: { access: 'public' },
      schema: { querystring: citiesQuerySchema, response: { 200: namesResponseSchema } },
    },
    async (request) => ok(await listCities(app.db, request.query.type)),
  );

  app.get(
    '/property/locations/streets',
    {
      config: { access: 'public' },
      schema: { querystring: streetsQuerySchema, response: { 200: namesResponseSchema } },
    },
    async (request) => ok(await listStreets(app.db, request.query.city)),
  );

  app.get(
    '/property/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: propertyResponseSchema } },
    },
    async (request, reply) => {
      // Staff (the edit card) read the exact address, never from the visitors' cache nor kept by a shared one;
      // a visitor reads the address by the agency's setting (decision 0066).
      if (request.user) {
        reply.header('cache-control', PERSONAL);
        return ok({ data: await getProperty(app.db, app.storage, request.params.id) });
      }
      return replyCached(
        reply,
        propertyCaches.single,
        app.db,
        request.params.id,
        propertyResponseSchema,
        async () => ok({ data: await getPublicProperty(app.db, app.storage, request.params.id) }),
      );
    },
  );

  app.get(
    '/property/:id/similar',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: similarResponseSchema } },
    },
    async (request) => ok({ data: await listSimilar(app.db, app.storage, request.params.id) }),
  );
};
