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
import { SessionProvider } from './lib/session';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
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

void start();
