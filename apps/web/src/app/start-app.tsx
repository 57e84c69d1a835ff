import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { LANG_COOKIE, localeChoice, pageLocale } from '@streamhub/contract';
import { AppProviders } from './providers';
import { loadMatchedRoutes, routes } from './router';
import { hydrateServerState } from './server-state';
import { queryClient } from '@/lib/query-client';
import { createI18n, loadCatalogue } from '@/i18n';
import { setFormatLocale } from '@/lib/formatters';
import { getCurrentUser, readCookie } from '@/lib/auth';
import { setLoaderEnv } from './loaders';

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
  // The routes' loaders fill the app's query cache as the visitor (app/loaders.ts).
  setLoaderEnv(() => ({ client: queryClient, user: getCurrentUser() }));
  // The server's language (its <html lang>), so hydration writes the same texts; without server
  // markup, chosen here as the server would (API.md §21), the instance's default being unknown.
  const html = document.documentElement;
  const locale =
    (rendered ? localeChoice(html.lang) : null) ??
    pageLocale(readCookie(document.cookie, LANG_COOKIE), navigator.languages.join(','), 'en');
  html.lang = locale;
  setFormatLocale(() => locale);
  const [catalogue] = await Promise.all([loadCatalogue(locale), loadMatchedRoutes(location.pathname)]);
  const router = createBrowserRouter(routes);
  // Leaving a page, what failed there and nothing shows any more is forgotten: the next page
  // that shows it asks again (a failure is the visit's answer only: retryOnMount is off).
  router.subscribe((state) => {
    if (state.navigation.state !== 'loading') return;
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' && query.getObserversCount() === 0 });
  });
  const app: ReactNode = (
    <StrictMode>
      <I18nextProvider i18n={createI18n(locale, catalogue)}>
        <AppProviders>
          <RouterProvider router={router} />
          <MarkHydrated />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>
  );
  // In a transition, React hydrates in slices and yields to the browser between them.
  if (rendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
