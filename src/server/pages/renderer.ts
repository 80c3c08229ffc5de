import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '@web/entry-server';
import type { ApiTransport } from '@web/lib/api-client';

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
