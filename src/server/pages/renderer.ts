import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '@web/entry-server';
import type { ApiTransport } from '@web/lib/api-client';
import type { FastifyInstance } from 'fastify';

/** The web app's server entry (src/web/entry-server.tsx), built by scripts/build.mjs into dist/ssr. */
export type PageRenderer = {
  renderPage(
    url: string,
    api: ApiTransport,
    seed?: { queryKey: readonly unknown[]; data: unknown }[],
  ): Promise<RenderedPage>;
};

/** The built server entry next to the built web app (webRoot/../ssr), when the build made one. */
export function builtRenderer(webRoot: string): (() => Promise<PageRenderer>) | undefined {
  const entry = join(webRoot, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return () => import(pathToFileURL(entry).href) as Promise<PageRenderer>;
}

/**
 * The page's API calls answered by this server's own routes, as a visitor without a session: no network
 * hop, the same answers (and read caches) a browser would get, and nobody's private data in a page.
 */
export function inProcessApi(app: FastifyInstance): ApiTransport {
  return async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { 'accept-encoding': 'identity', 'x-server-render': '1' },
    });
    const body = res.statusCode === 204 || res.statusCode === 304 ? null : res.body;
    return new Response(body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}
