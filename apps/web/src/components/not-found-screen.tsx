import { Link } from 'react-router';
import { useGoBack } from '@/lib/go-back';
import { Button, buttonClasses } from './ui/button';
import { WifiOffIcon } from './ui/icons';

/** SPEC §2: the 404 page, which doubles as the offline screen. */
export function NotFoundScreen({ offline = false }: { offline?: boolean }) {
  const goBack = useGoBack('/home');
  return (
    // A div, not <main>: every layout around this screen already provides the main landmark.
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      {offline ? (
        <>
          <title>No Internet Connection · StreamHub</title>
          <WifiOffIcon className="text-6xl text-muted" />
          <h1 className="text-2xl font-semibold">No Internet Connection</h1>
          <p className="max-w-sm text-muted">Check your connection, then try again.</p>
          <Link to="/home" className={buttonClasses('primary')}>
            Retry
          </Link>
        </>
      ) : (
        <>
          <title>Page not found · StreamHub</title>
          <p className="text-7xl font-bold text-muted" aria-hidden="true">
            404
          </p>
          <h1 className="text-2xl font-semibold">Page not found</h1>
          <p className="max-w-sm text-muted">The page you are looking for does not exist or has moved.</p>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={goBack}>
              Go back
            </Button>
            <Link to="/home" className={buttonClasses('primary')}>
              Go Home
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
