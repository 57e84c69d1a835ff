import { useTranslation } from '@/i18n/use-translation';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { signInPathFor, type CurrentUser } from '@streamhub/contract';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageMenu } from '@/components/language-menu';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { MenuIcon, SearchIcon } from '@/components/ui/icons';
import { Img } from '@/components/ui/img';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { VideoSearchForm } from '@/features/videos/components/video-search-form';
import { lazyComponent } from '@/lib/lazy-component';
import { SEARCH_INLINE_QUERY, useMediaQuery } from '@/lib/use-media-query';

const loadSearchOverlay = () => import('./search-overlay');
const SearchOverlay = lazyComponent(loadSearchOverlay, 'SearchOverlay');

type TopBarProps = { user: CurrentUser | null; menuOpen: boolean; onOpenMenu: () => void; onPrepareMenu: () => void };

/**
 * Brand, search (an overlay below 768 px), the notifications bell and the menu button below 1024 px;
 * for an anonymous visitor, Sign in and Create account, both coming back to this page.
 */
export function TopBar({ user, menuOpen, onOpenMenu, onPrepareMenu }: TopBarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = signInPathFor(location.pathname + location.search);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchMounted, setSearchMounted] = useState(false);
  const searchInline = useMediaQuery(SEARCH_INLINE_QUERY);
  useEffect(() => {
    if (searchInline) setSearchOpen(false);
  }, [searchInline]);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-page/95 px-2 backdrop-blur sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className={user ? 'lg:hidden' : 'hidden'}
        aria-label={t('topBar.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onPointerEnter={onPrepareMenu}
        onFocus={onPrepareMenu}
        onClick={onOpenMenu}
      >
        <MenuIcon />
      </Button>
      <BrandLogo to="/home" className="shrink-0 text-lg" />
      <div className="hidden min-w-0 flex-1 justify-center px-2 md:flex">
        <VideoSearchForm />
      </div>
      <div className="ms-auto flex shrink-0 items-center gap-1 md:ms-0">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t('topBar.search')}
          aria-haspopup="dialog"
          onPointerEnter={() => void loadSearchOverlay()}
          onFocus={() => void loadSearchOverlay()}
          onClick={() => {
            setSearchMounted(true);
            setSearchOpen(true);
          }}
        >
          <SearchIcon />
        </Button>
        {/* On a phone the bar has no room for it: the sign-in page's corner and the browser's language choose. */}
        <LanguageMenu className="hidden sm:block" />
        <ThemeToggle />
        {user ? (
          <>
            <NotificationBell />
            <Link to="/channel" aria-label={t('topBar.yourChannel')} className="rounded-full">
              <Img src={user.avatar} fallback="avatar" alt="" className="h-8 w-8 rounded-full object-cover" />
            </Link>
          </>
        ) : (
          <>
            <Link to={signIn} className="rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-hover">
              {t('topBar.signIn')}
            </Link>
            {/* On a phone there is room for one: the sign-in page offers 'Create a free account' too. */}
            <Link
              to={`${signIn}&view=register`}
              className="hidden rounded-lg bg-sky-700 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white hover:bg-sky-800 sm:inline-block"
            >
              {t('topBar.createAccount')}
            </Link>
          </>
        )}
      </div>
      {searchMounted ? (
        <Suspense fallback={null}>
          <SearchOverlay open={searchOpen} onOpenChange={setSearchOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
