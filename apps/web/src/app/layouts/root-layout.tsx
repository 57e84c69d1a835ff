import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { onNetworkError } from '@/lib/api-client';

/** SPEC §2: going offline (or any network error) shows /error; coming back online goes to /home. */
function useConnectivityRedirects() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const showOffline = () => {
      if (pathnameRef.current !== '/error') void navigate('/error');
    };
    const goHome = () => void navigate('/home', { replace: pathnameRef.current === '/error' });
    window.addEventListener('offline', showOffline);
    window.addEventListener('online', goHome);
    const stopListening = onNetworkError(showOffline);
    // The connection went while the app's code was starting (the server's page showed already).
    if (!navigator.onLine) showOffline();
    return () => {
      window.removeEventListener('offline', showOffline);
      window.removeEventListener('online', goHome);
      stopListening();
    };
  }, [navigate]);
}

/**
 * While a link's page loads its data (its route's loader, app/loaders.ts), a bar runs along the top
 * of the page that is still shown; it appears only after a moment, so a quick load shows nothing.
 */
function NavigationProgress() {
  const loading = useNavigation().state === 'loading';
  return loading ? <div aria-hidden="true" className="navigation-progress keep-dark fixed inset-x-0 top-0 z-50 h-0.5" /> : null;
}

export function RootLayout() {
  useConnectivityRedirects();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <NavigationProgress />
      <Outlet />
    </Suspense>
  );
}
