import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
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

export function RootLayout() {
  useConnectivityRedirects();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}
