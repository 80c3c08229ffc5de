import { hydrate, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';

/** The element the server filled (data-ssr) and the query data it rendered with, or undefined. */
export function serverRenderedRoot(root: HTMLElement): { state: unknown } | undefined {
  if (root.dataset.ssr !== 'hydrate') return undefined;
  const script = document.getElementById('ssr-state');
  return { state: script?.textContent ? JSON.parse(script.textContent) : undefined };
}

/** Puts the server's query data in the cache, so the first render matches the server's HTML. */
export function hydrateQueries(queryClient: QueryClient, state: unknown) {
  if (state) hydrate(queryClient, state);
}

/**
 * Loads the lazy route modules of the current URL before hydrating: otherwise the router would render
 * nothing for them at first, and the server's HTML would not match.
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Ends the current task and lets the browser paint and answer input before the next step of starting the app
 * (each step evaluates code or hydrates: one long task each would block the page, together they blocked it
 * for hundreds of milliseconds on a slow phone).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
