import { createBrowserRouter, type RouteObject } from 'react-router';
import { bareRoutes, landingPage, shellRoutes, type PageRoute } from './routes';
import { BareLayout } from './layouts/bare-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { lazyRoute } from '@/lib/lazy-component';

const toRoute = ({ path, page, prefetch }: PageRoute): RouteObject => ({
  path,
  ...('lazy' in page ? { lazy: page.lazy } : { Component: page }),
  ...(prefetch
    ? {
        loader: ({ params }) => {
          prefetch(params);
          return null;
        },
      }
    : {}),
});

/** Root layout → (bare pages | signed-in shell → pages). The table itself lives in routes.tsx. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first page's code loads (route modules load in parallel, before rendering).
    HydrateFallback: LoadingScreen,
    children: [
      { Component: BareLayout, children: [{ index: true, lazy: landingPage.lazy }, ...bareRoutes.map(toRoute)] },
      { lazy: lazyRoute(() => import('./layouts/shell-layout'), 'ShellLayout'), children: shellRoutes.map(toRoute) },
    ],
  },
]);
