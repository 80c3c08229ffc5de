// The app, started by boot.ts (which carries the styles).
import './zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ReadyMark } from './app/ready-mark';
import { routes } from './app/router';
import { hydrateQueries, loadRouteModules, serverRenderedRoot, yieldToBrowser } from './hydrate';
import { listenForInstallPrompt } from './lib/install-prompt';
import { SessionProvider } from './lib/session';

const queryClient = new QueryClient({
  // offlineFirst: without a network a query still asks once, and the app's service worker answers it with
  // the copy kept on the device (the installed app's offline reads).
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
  },
});

async function start() {
  const root = document.getElementById('root')!;
  const server = serverRenderedRoot(root);
  if (server) {
    hydrateQueries(queryClient, server.state);
    // The page's own code in a task of its own, then hydration in another (itself in slices, below).
    await yieldToBrowser();
    await loadRouteModules(routes, window.location.pathname);
    await yieldToBrowser();
  }
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider deferStoredUser={Boolean(server)}>
          <RouterProvider router={createBrowserRouter(routes)} />
          <ReadyMark />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  // Hydration as a transition: React works through the tree in slices of a few milliseconds and yields to the
  // browser between them, instead of one long task (a click meanwhile hydrates its part of the page first).
  if (server) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

listenForInstallPrompt();
void start();
