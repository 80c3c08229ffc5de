import './zod-config';
import '@fontsource/heebo/400.css';
import '@fontsource/heebo/500.css';
import '@fontsource/heebo/700.css';
import '@fontsource/heebo/800.css';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ReadyMark } from './app/ready-mark';
import { routes } from './app/router';
import { hydrateQueries, loadRouteModules, serverRenderedRoot } from './hydrate';
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
    await loadRouteModules(routes, window.location.pathname);
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
  if (server) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

listenForInstallPrompt();
void start();
