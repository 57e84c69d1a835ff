import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { loadMatchedRoutes, routes } from './router';
import { hydrateServerState } from './server-state';
import { queryClient } from '@/lib/query-client';

/** The moment React has committed the page (a performance mark: measured in bench/, awaited in e2e/). */
export const HYDRATED_MARK = 'streamhub:hydrated';

function MarkHydrated() {
  useEffect(() => void performance.mark(HYDRATED_MARK), []);
  return null;
}

/**
 * The server rendered the page (entry-server.tsx) and handed over the data it loaded: React takes
 * over its markup (hydration) with that data in the query cache, so nothing is asked again. Without
 * server markup (the Vite dev server) the app renders from scratch.
 */
export async function startApp(root: HTMLElement) {
  const rendered = hydrateServerState(queryClient);
  await loadMatchedRoutes(location.pathname);
  const app: ReactNode = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
        <MarkHydrated />
      </AppProviders>
    </StrictMode>
  );
  // In a transition, React hydrates in slices and yields to the browser between them.
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
