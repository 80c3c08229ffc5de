import { idSchema } from '@shared/schemas/common';
import {
  citiesQuerySchema,
  namesResponseSchema,
  propertyResponseSchema,
  propertySearchQuerySchema,
  propertySearchResponseSchema,
  similarResponseSchema,
  streetsQuerySchema,
} from '@shared/schemas/property';
import { publicSettings, publicSettingsResponseSchema } from '@shared/schemas/settings';
import type { ApiResponse, ApiTransport } from '@web/lib/api-client';
import type { FastifyInstance } from 'fastify';
import { findOpenBranchBySlug } from '../modules/branches';
import {
  getPublicProperty,
  listCities,
  listSimilar,
  listStreets,
  propertyCaches,
  searchProperties,
  searchScopes,
} from '../modules/properties';
import { getSettings } from '../modules/settings';
import { type CachedBody, confirmReadCaches, encodeJson } from '../plugins/read-cache';

const ok = <T>(data: T) => ({ status: 'success' as const, data });
const API = '/api/v1';

/**
 * What one page render reads, each read once: the head (metadata) and the body (the app's queries) share
 * them, so a page never builds the same data twice. The reads are the API routes' own (and their read
 * caches), called directly instead of through an HTTP request into this server.
 */
export type PageReads = {
  cities: (type: 'sale' | 'rent') => Promise<string[]>;
  /** The property as a visitor reads it (the address by the agency's setting, decision 0066). */
  property: (id: string) => ReturnType<typeof getPublicProperty>;
  /** An open branch by its slug (its page's status and head), or undefined. */
  branch: (slug: string) => ReturnType<typeof findOpenBranchBySlug>;
  /** The page's API calls, answered directly where the route is a public read, else through the router. */
  api: ApiTransport;
};

/**
 * A public read's JSON body as its route answers it (the same response schema, the same read cache and key),
 * or undefined when the route would not answer 200 (invalid input, not found): the router then answers it, so
 * an error reads exactly as the API says it.
 */
type DirectRead = (
  app: FastifyInstance,
  reads: PageReads,
  query: URLSearchParams,
  id: string,
) => Promise<string | null | undefined>;

const body = (cached: CachedBody) => cached.json;

const DIRECT: { path: RegExp; read: DirectRead }[] = [
  {
    path: /^\/settings$/,
    read: async (app) =>
      encodeJson(publicSettingsResponseSchema, ok({ settings: publicSettings(await getSettings(app.db)) })),
  },
  {
    path: /^\/property\/search$/,
    read: async (app, _reads, query) => {
      const q = propertySearchQuerySchema.safeParse(Object.fromEntries(query));
      if (!q.success) return undefined;
      // The same cache entry as GET /property/search (routes.ts, replyCached): keyed by the parsed query.
      return body(
        await propertyCaches.search.get(
          app.db,
          JSON.stringify(q.data),
          async () => {
            const data = ok(await searchProperties(app.db, app.storage, q.data));
            const json = encodeJson(propertySearchResponseSchema, data);
            return json === null ? { json, data } : { json };
          },
          searchScopes(q.data.type),
        ),
      );
    },
  },
  {
    path: /^\/property\/locations\/cities$/,
    read: async (app, reads, query) => {
      const q = citiesQuerySchema.safeParse(Object.fromEntries(query));
      if (!q.success) return undefined;
      const cities = q.data.type ? await reads.cities(q.data.type) : await listCities(app.db);
      return encodeJson(namesResponseSchema, ok(cities));
    },
  },
  {
    path: /^\/property\/locations\/streets$/,
    read: async (app, _reads, query) => {
      const q = streetsQuerySchema.safeParse(Object.fromEntries(query));
      if (!q.success) return undefined;
      return encodeJson(namesResponseSchema, ok(await listStreets(app.db, q.data.city)));
    },
  },
  {
    path: /^\/property\/([^/]+)$/,
    read: async (app, reads, _query, id) =>
      // The same cache entry as GET /property/:id, filled from the page's own read of the property (its
      // status and head read it too).
      body(
        await propertyCaches.single.get(app.db, id, async () => {
          const data = ok({ data: await reads.property(id) });
          const json = encodeJson(propertyResponseSchema, data);
          return json === null ? { json, data } : { json };
        }),
      ),
  },
  {
    path: /^\/property\/([^/]+)\/similar$/,
    read: async (app, _reads, _query, id) =>
      encodeJson(similarResponseSchema, ok({ data: await listSimilar(app.db, app.storage, id) })),
  },
];

/** A page's API call answered by the router, as a visitor without a session (no network hop). */
async function throughRouter(app: FastifyInstance, url: string, init: RequestInit) {
  const res = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers: { 'accept-encoding': 'identity', 'x-server-render': '1' },
  });
  const text = res.statusCode === 204 || res.statusCode === 304 ? null : res.body;
  return new Response(text, {
    status: res.statusCode,
    headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
  });
}

const NO_HEADERS = { get: () => null };

/**
 * A direct read's answer as the app's API client reads one (status, a header, the text): the body is already
 * a string, so no web stream is built around it and read back for every query of every page.
 */
const jsonAnswer = (json: string): ApiResponse => ({
  ok: true,
  status: 200,
  headers: NO_HEADERS,
  text: () => Promise.resolve(json),
});

/** The reads of one page render (see PageReads). */
export function pageReads(app: FastifyInstance): PageReads {
  // Once per page, not per read: on PostgreSQL the caches confirm they saw every write answered so far.
  let confirmed: Promise<void> | undefined;
  const confirm = () => {
    confirmed ??= confirmReadCaches(app.db);
    return confirmed;
  };
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let value = memo.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      memo.set(key, value);
    }
    return value;
  };
  const reads: PageReads = {
    cities: (type) => once(`cities:${type}`, () => listCities(app.db, type)),
    property: (id) => once(`property:${id}`, () => getPublicProperty(app.db, app.storage, id)),
    branch: (slug) => once(`branch:${slug}`, () => findOpenBranchBySlug(app.db, slug)),
    api: async (url, init) => {
      if ((init.method ?? 'GET') === 'GET' && url.startsWith(`${API}/`)) {
        const parsed = new URL(url, 'http://localhost');
        const path = parsed.pathname.slice(API.length);
        for (const direct of DIRECT) {
          const match = direct.path.exec(path);
          if (!match) continue;
          let id = '';
          try {
            id = decodeURIComponent(match[1] ?? '');
          } catch {
            break;
          }
          if (match[1] !== undefined && !idSchema.safeParse(id).success) break;
          await confirm();
          const json = await direct.read(app, reads, parsed.searchParams, id).catch(() => undefined);
          if (typeof json === 'string') return jsonAnswer(json);
          break;
        }
      }
      return throughRouter(app, url, init);
    },
  };
  return reads;
}
