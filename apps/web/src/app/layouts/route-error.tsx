import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { NotFoundScreen } from '@/components/not-found-screen';
import { Button } from '@/components/ui/button';

/** Last-resort boundary: a page chunk that failed to load (offline, new deploy) or a render bug. */
export function RouteError() {
  const error = useRouteError();
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
      <title>Something went wrong · StreamHub</title>
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted">Reloading the page usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
