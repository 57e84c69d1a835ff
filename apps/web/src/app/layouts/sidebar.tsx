import type { ComponentType } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { NavLink } from 'react-router';
import type { CurrentUser } from '@streamhub/contract';
import {
  CommentIcon,
  FlagIcon,
  HistoryIcon,
  HomeIcon,
  LikeIcon,
  LogoutIcon,
  PlaylistIcon,
  PostIcon,
  PurchasesIcon,
  ShieldIcon,
  SubscriptionsIcon,
  TrendingIcon,
  UsersIcon,
  VideoIcon,
} from '@/components/ui/icons';
import { Img } from '@/components/ui/img';
import { useMe } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { staffLinksFor } from './staff-page';

/** `label` is the key of the link's text in the catalogue. */
type NavItem = { to: string; label: string; icon: ComponentType<{ className?: string }> };

/** SPEC §2 sidebar links; `end` keeps /videos from lighting up on /videos/{id}. */
const mainLinks: NavItem[] = [
  { to: '/home', label: 'sidebar.home', icon: HomeIcon },
  { to: '/trending', label: 'sidebar.trending', icon: TrendingIcon },
  { to: '/subscriptions', label: 'sidebar.subscriptions', icon: SubscriptionsIcon },
  { to: '/liked', label: 'sidebar.liked', icon: LikeIcon },
  { to: '/history', label: 'sidebar.history', icon: HistoryIcon },
  { to: '/playlist/watch-later', label: 'sidebar.watchLater', icon: PlaylistIcon },
  { to: '/purchases', label: 'sidebar.purchases', icon: PurchasesIcon },
  { to: '/reports', label: 'sidebar.myReports', icon: FlagIcon },
];
const myChannelLinks: NavItem[] = [
  { to: '/playlist', label: 'sidebar.playlists', icon: PlaylistIcon },
  { to: '/videos', label: 'sidebar.videos', icon: VideoIcon },
  { to: '/post', label: 'sidebar.posts', icon: PostIcon },
  { to: '/subscribers', label: 'sidebar.subscribers', icon: UsersIcon },
  { to: '/channel/comments', label: 'sidebar.commentSettings', icon: CommentIcon },
];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-4 rounded-xl px-3 py-2.5 text-sm transition-colors ${
    isActive ? 'bg-raised font-semibold text-fg' : 'text-zinc-200 hover:bg-hover'
  }`;

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} end className={linkClasses} onClick={onNavigate}>
            <Icon className="shrink-0 text-xl" />
            {t(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

type SidebarProps = { user: CurrentUser; onNavigate?: () => void };

export function Sidebar({ user, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  // Staff links only for moderators and admins (API.md §12: the role comes with /me).
  const staffItems = staffLinksFor(useMe().data?.role).map((link) => ({ ...link, icon: ShieldIcon }));

  return (
    <nav aria-label={t('sidebar.main')} className="flex h-full flex-col gap-3 overflow-y-auto p-3">
      <NavLink
        to="/channel"
        end
        onClick={onNavigate}
        className={({ isActive }) =>
          `flex items-center gap-3 rounded-xl border border-line p-3 transition-colors hover:bg-hover ${isActive ? 'bg-raised' : 'bg-panel'}`
        }
      >
        <Img src={user.avatar} fallback="avatar" alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-semibold">{user.fullname}</span>
          <span className="truncate text-xs text-muted">@{user.username}</span>
        </span>
      </NavLink>
      <NavList items={mainLinks} onNavigate={onNavigate} />
      <div className="border-t border-line pt-3">
        <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('sidebar.myChannel')}</h2>
        <NavList items={myChannelLinks} onNavigate={onNavigate} />
      </div>
      {staffItems.length > 0 ? (
        <div className="border-t border-line pt-3">
          <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('sidebar.administration')}</h2>
          <NavList items={staffItems} onNavigate={onNavigate} />
        </div>
      ) : null}
      <div className="mt-auto border-t border-line pt-3">
        <button
          type="button"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
          className="flex w-full items-center gap-4 rounded-xl px-3 py-2.5 text-sm text-zinc-200 hover:bg-hover disabled:opacity-50"
        >
          <LogoutIcon className="shrink-0 text-xl" />
          {t('sidebar.logOut')}
        </button>
      </div>
    </nav>
  );
}
