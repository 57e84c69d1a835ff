import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useRouteError } from 'react-router';
import { NotFoundScreen } from '@/components/not-found-screen';
import { Button } from '@/components/ui/button';

/** Last-resort boundary: a page chunk that failed to load (offline, new deploy) or a render bug. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error(error), [error]);

  if (!navigator.onLine) {
    return (
      <main id="main">
        <NotFoundScreen offline />
      </main>
    );
  }
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{t('routeError.documentTitle')}</title>
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="text-muted">{t('routeError.hint')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </main>
  );
}
