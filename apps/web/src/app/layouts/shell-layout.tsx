import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isUserPage, signInPathFor } from '@streamhub/contract';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/features/auth/api/get-me';
import { useNotificationStream } from '@/features/notifications/use-notification-stream';
import { VerificationBanner } from '@/features/auth/components/verification-banner';
import { useCurrentUser } from '@/lib/auth';
import { lazyComponent } from '@/lib/lazy-component';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

// The slide-in panel (Radix Dialog) is only needed below 1024 px, so it stays out of the initial bundle.
const loadDrawer = () => import('@/components/ui/dialog');
const Drawer = lazyComponent(loadDrawer, 'Drawer');

/**
 * The way to sign-in of a signed-out visitor who reached a user's own page inside the app (the
 * server redirects a request for one itself: web-app.ts), coming back to it afterwards.
 */
function ToSignIn({ next }: { next: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(signInPathFor(next), { replace: true }), [navigate, next]);
  return null;
}

/**
 * The shell (SPEC §2): top bar, sidebar (slide-in below 1024 px) and the page. An anonymous
 * visitor reads the public pages in it (API.md §18), with Sign in and Create account in the top bar.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  useMe({ enabled: user !== null });
  // One live notifications connection per signed-in tab; it closes on sign-out.
  useNotificationStream(user?._id ?? null);
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so Radix can run its close handling (focus return).
  const [menuMounted, setMenuMounted] = useState(false);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  useEffect(() => {
    if (desktop) setMenuOpen(false);
  }, [desktop]);

  if (!user && isUserPage(location.pathname)) return <ToSignIn next={location.pathname + location.search} />;

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-black focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t('shell.skipToContent')}
      </a>
      <TopBar
        user={user}
        menuOpen={menuOpen}
        onOpenMenu={() => {
          setMenuMounted(true);
          setMenuOpen(true);
        }}
        onPrepareMenu={() => void loadDrawer()}
      />
      <VerificationBanner />
      <div className="flex">
        {/* A plain box: the nav inside is the landmark (a second complementary one would clash with a page's own). */}
        {user ? (
          <div className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-64 shrink-0 border-e border-line lg:block">
            <Sidebar user={user} />
          </div>
        ) : null}
        {user && menuMounted ? (
          <Suspense fallback={null}>
            <Drawer open={menuOpen} onOpenChange={setMenuOpen} title={t('shell.menu')}>
              <Sidebar user={user} onNavigate={() => setMenuOpen(false)} />
            </Drawer>
          </Suspense>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
