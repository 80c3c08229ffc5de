import { AsyncLocalStorage } from 'node:async_hooks';
import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ReadyMark } from './app/ready-mark';
import { routes } from './app/router';
import { prefetchPage } from './app/server-prefetch';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { SessionProvider } from './lib/session';

export type RenderedPage = {
  html: string;
  state: DehydratedState;
  status: number;
  /** How many times the app was rendered: 1 when the prefetch answered every query the page asked for. */
  passes: number;
};

/** Render passes at most: each pass may reveal queries (not prefetched) that need the data of the one before. */
const MAX_PASSES = 4;

const handler = createStaticHandler(routes);

/**
 * The reads of the render in progress. Renders interleave at every await, so a page's queries must reach its
 * own reads (which record what the page read, the key of its cached HTML), never those of a page begun since.
 */
const renderReads = new AsyncLocalStorage<ApiTransport>();
setApiTransport(() => renderReads.getStore() ?? outsideARender);

const outsideARender: ApiTransport = (url) => {
  throw new Error(`the server renderer read ${url} outside a page's render`);
};

/**
 * Renders a page as a visitor (never signed in) sees it: the queries its route is known to ask for are
 * answered first through `api` (the server's own reads; app/server-prefetch.ts), then the app renders once;
 * should that render still ask for a query, it is answered and the app renders again, until none is waiting.
 * The query data goes into the page so the browser hydrates the same HTML (main.tsx).
 */
export async function renderPage(
  url: string,
  api: ApiTransport,
  /** Data the page starts with (the outcome of a form posted without JavaScript). */
  seed: { queryKey: readonly unknown[]; data: unknown }[] = [],
  /** `prefetch: false` finds the queries by rendering alone (the check that the prefetch matches the page). */
  options: { prefetch?: boolean } = {},
): Promise<RenderedPage> {
  return renderReads.run(api, () => renderWith(url, seed, options));
}

async function renderWith(
  url: string,
  seed: { queryKey: readonly unknown[]; data: unknown }[],
  options: { prefetch?: boolean },
): Promise<RenderedPage> {
  const location = new URL(url, 'http://localhost');
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
  // The route's code loads while its data is read.
  const [context] = await Promise.all([
    handler.query(new Request(location)),
    options.prefetch === false ? undefined : prefetchPage(queryClient, location),
  ]);
  if (context instanceof Response) throw new Error(`unexpected redirect rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider deferStoredUser>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <ReadyMark />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );

  let html = renderToString(app);
  let passes = 1;
  for (; passes < MAX_PASSES; passes++) {
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false,
      );
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    html = renderToString(app);
  }
  return { html, state: dehydrate(queryClient), status: context.statusCode, passes };
}
