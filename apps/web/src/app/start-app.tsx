import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from './browser-router';
import { AppProviders } from './providers';
import { loadMatchedRoutes, routes } from './router';
import { hydrateServerState } from './server-state';
import { queryClient } from '@/lib/query-client';

/** Calls `onDone` once React has committed the page (taken over the server's markup). */
function Committed({ onDone }: { onDone: () => void }) {
  useEffect(onDone, [onDone]);
  return null;
}

/**
 * The server rendered the page (entry-server.tsx) and handed over the data it loaded: React takes
 * over its markup (hydration) with that data in the query cache, so nothing is asked again. Without
 * server markup (the Vite dev server) the app renders from scratch. `onTakenOver` runs once React
 * handles the page's events (main.tsx replays what came before).
 */
export async function startApp(root: HTMLElement, onTakenOver: () => void) {
  const rendered = hydrateServerState(queryClient);
  await loadMatchedRoutes(location.pathname);
  const app: ReactNode = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
        <Committed onDone={onTakenOver} />
      </AppProviders>
    </StrictMode>
  );
  // In a transition, React hydrates in slices and yields to the browser between them.
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
