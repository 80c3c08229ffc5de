import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ReadyMark } from './app/ready-mark';
import { routes } from './app/router';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { SessionProvider } from './lib/session';

export type RenderedPage = { html: string; state: DehydratedState; status: number };

/** Render passes at most: each pass may reveal queries that need the data of the one before. */
const MAX_PASSES = 4;

const handler = createStaticHandler(routes);

/**
 * Renders a page as a visitor (never signed in) sees it: the app renders, the queries it asked for are
 * answered through `api` (the server's own routes), and it renders again until no query is waiting. The
 * query data goes into the page so the browser hydrates the same HTML (main.tsx).
 */
export async function renderPage(
  url: string,
  api: ApiTransport,
  /** Data the page starts with (the outcome of a form posted without JavaScript). */
  seed: { queryKey: readonly unknown[]; data: unknown }[] = [],
): Promise<RenderedPage> {
  setApiTransport(api);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`unexpected redirect rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
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
  for (let pass = 1; pass < MAX_PASSES; pass++) {
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
  return { html, state: dehydrate(queryClient), status: context.statusCode };
}
