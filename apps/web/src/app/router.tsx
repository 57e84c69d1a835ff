import { matchRoutes, type RouteObject } from 'react-router';
import { bareRoutes, landingPage, shellRoutes, type PageRoute } from './routes';
import { BareLayout } from './layouts/bare-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { lazyRoute } from '@/lib/lazy-component';
import { pageLoaders, rootLoader, shellLoader } from './loaders';

/** Route `handle`: the source module of a lazy route, for the server to preload its code. */
export type RouteHandle = { source?: string };

/** The shell layout's module (the route `handle.source` of the signed-in shell). */
export const SHELL_SOURCE = 'src/app/layouts/shell-layout.tsx';

const toRoute = ({ path, page }: PageRoute): RouteObject => ({
  path,
  loader: pageLoaders[path],
  ...('lazy' in page ? { lazy: page.lazy, handle: { source: page.source } satisfies RouteHandle } : { Component: page }),
});

/**
 * Root layout → (bare pages | signed-in shell → pages). The table itself lives in routes.tsx, the
 * loaders in loaders.ts. The browser's router (app/start-app.tsx) and the server's
 * (entry-server.tsx) are both made of these.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    loader: rootLoader,
    ErrorBoundary: RouteError,
    // Shown while a page's code loads in the browser without server markup (`npm run dev`).
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: BareLayout,
        children: [{ index: true, lazy: landingPage.lazy, handle: { source: landingPage.source } }, ...bareRoutes.map(toRoute)],
      },
      {
        lazy: lazyRoute(() => import('./layouts/shell-layout'), 'ShellLayout'),
        handle: { source: SHELL_SOURCE } satisfies RouteHandle,
        loader: shellLoader,
        children: shellRoutes.map(toRoute),
      },
    ],
  },
];

/**
 * Loads the code of the routes `pathname` matches into the route objects themselves, so a
 * router made afterwards renders them at once: hydrating the server's markup must not start with
 * a loading screen (React Router waits for lazy routes before its first render otherwise).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => loadRoute(route)));
}

/**
 * Loads every route's code (the server, as it starts: its first visitor of each page would wait
 * for that page's modules otherwise).
 */
export async function loadAllRoutes(list: RouteObject[] = routes): Promise<void> {
  await Promise.all(list.map(async (route) => Promise.all([loadRoute(route), loadAllRoutes(route.children ?? [])])));
}

async function loadRoute(route: RouteObject) {
  if (typeof route.lazy !== 'function') return;
  const loaded = await route.lazy();
  Object.assign(route, loaded, { lazy: undefined });
}
