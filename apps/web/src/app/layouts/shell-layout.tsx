import { Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
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
 * The way to the sign-in page of a visitor without a user cookie: after the first render, so the
 * server's render of a shell page (its head, for a link preview) has nothing to warn about.
 */
function ToSignIn() {
  const navigate = useNavigate();
  useEffect(() => void navigate('/', { replace: true }), [navigate]);
  return null;
}

/** The signed-in shell (SPEC §2): top bar, sidebar (slide-in below 1024 px) and the page. */
export function ShellLayout() {
  const user = useCurrentUser();
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

  if (!user) return <ToSignIn />;

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
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
        <div className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-64 shrink-0 border-r border-line lg:block">
          <Sidebar user={user} />
        </div>
        {menuMounted ? (
          <Suspense fallback={null}>
            <Drawer open={menuOpen} onOpenChange={setMenuOpen} title="Menu">
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
