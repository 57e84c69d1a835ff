import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { loadMatchedRoutes, routes } from './app/router';
import { hydrateServerState } from './app/server-state';
import { queryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * The server rendered the page (entry-server.tsx) and handed over the data it loaded: React takes
 * over its markup (hydration) with that data in the query cache, so nothing is asked again. Without
 * server markup (the Vite dev server) the app renders from scratch.
 */
async function start(root: HTMLElement) {
  const rendered = hydrateServerState(queryClient);
  await loadMatchedRoutes(location.pathname);
  const app: ReactNode = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (rendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(container);
