import { createBrowserRouter, type RouteObject } from 'react-router';
import { bareRoutes, landingPage, shellRoutes, type PageRoute } from './routes';
import { BareLayout } from './layouts/bare-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { lazyComponent } from '@/lib/lazy-component';

const ShellLayout = lazyComponent(() => import('./layouts/shell-layout'), 'ShellLayout');

const toRoute = ({ path, page }: PageRoute): RouteObject => ({ path, Component: page });

/** Root layout → (bare pages | signed-in shell → pages). The table itself lives in routes.tsx. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { Component: BareLayout, children: [{ index: true, Component: landingPage }, ...bareRoutes.map(toRoute)] },
      { Component: ShellLayout, children: shellRoutes.map(toRoute) },
    ],
  },
]);
