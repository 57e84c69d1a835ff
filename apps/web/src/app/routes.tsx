import type { ComponentType } from 'react';
import { NotFoundPage } from './pages/not-found-page';
import { OfflinePage } from './pages/offline-page';

/**
 * The route table (SPEC §2). Adding a screen is one line: write app/pages/<name>-page.tsx
 * exporting the page component and point its path here with lazyPage(). Paths whose page is
 * not built yet show the not-found screen inside the shell.
 */
type LazyPage = { lazy: () => Promise<{ Component: ComponentType }>; source: string };
export type PageRoute = {
  path: string;
  /** A page in the main bundle, or one loaded with its route (`lazy`). */
  page: ComponentType | LazyPage;
};

// Every page module, each its own chunk loaded with its route. The keys name their source files:
// the server preloads a page's code with its HTML by them (entry-server.tsx, Vite's manifest).
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>('./pages/*-page.tsx');

/** The page `name` exported by app/pages/`file`.tsx, loaded with its route. */
export function lazyPage(file: string, name: string): LazyPage {
  const load = pageModules[`./pages/${file}.tsx`];
  if (!load) throw new Error(`No page module ${file}`);
  return {
    lazy: async () => {
      const Component = (await load())[name];
      if (!Component) throw new Error(`${file} exports no ${name}`);
      return { Component };
    },
    source: `src/app/pages/${file}.tsx`,
  };
}

const SignInPage = lazyPage('sign-in-page', 'SignInPage');
const HomePage = lazyPage('home-page', 'HomePage');
const TrendingPage = lazyPage('trending-page', 'TrendingPage');
const ChannelPage = lazyPage('channel-page', 'ChannelPage');
const VideoWatchPage = lazyPage('video-watch-page', 'VideoWatchPage');
const LikedPage = lazyPage('liked-page', 'LikedPage');
const HistoryPage = lazyPage('history-page', 'HistoryPage');
const VideoBuyPage = lazyPage('video-buy-page', 'VideoBuyPage');
const PurchasesPage = lazyPage('purchases-page', 'PurchasesPage');
const PlaylistsPage = lazyPage('playlists-page', 'PlaylistsPage');
const PlaylistDetailPage = lazyPage('playlist-detail-page', 'PlaylistDetailPage');
const WatchLaterPage = lazyPage('watch-later-page', 'WatchLaterPage');
const ChannelVideosPage = lazyPage('channel-videos-page', 'ChannelVideosPage');
const VideoUploadPage = lazyPage('video-upload-page', 'VideoUploadPage');
const GoLivePage = lazyPage('go-live-page', 'GoLivePage');
const LiveStudioPage = lazyPage('go-live-page', 'LiveStudioPage');
const VideoEditPage = lazyPage('video-edit-page', 'VideoEditPage');
const SubscriptionsPage = lazyPage('subscriptions-page', 'SubscriptionsPage');
const SubscribersPage = lazyPage('subscribers-page', 'SubscribersPage');
const PostsPage = lazyPage('posts-page', 'PostsPage');
const PostPage = lazyPage('post-page', 'PostPage');
const PostEditorPage = lazyPage('post-editor-page', 'PostEditorPage');
const CommentSettingsPage = lazyPage('comment-settings-page', 'CommentSettingsPage');
const ReportsPage = lazyPage('reports-page', 'ReportsPage');
const NotificationsPage = lazyPage('notifications-page', 'NotificationsPage');
const AdminReportsPage = lazyPage('admin-reports-page', 'AdminReportsPage');
const AdminUsersPage = lazyPage('admin-users-page', 'AdminUsersPage');
const AdminSettingsPage = lazyPage('admin-settings-page', 'AdminSettingsPage');
const AdminJobsPage = lazyPage('admin-jobs-page', 'AdminJobsPage');
const AdminAuditPage = lazyPage('admin-audit-page', 'AdminAuditPage');
const StudioPage = lazyPage('studio-page', 'StudioPage');
const StudioPayoutsPage = lazyPage('studio-payouts-page', 'StudioPayoutsPage');
const ForgotPasswordPage = lazyPage('forgot-password-page', 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage('reset-password-page', 'ResetPasswordPage');
const VerifyEmailPage = lazyPage('verify-email-page', 'VerifyEmailPage');
const ConfirmEmailPage = lazyPage('verify-email-page', 'ConfirmEmailPage');
const AccountPage = lazyPage('account-page', 'AccountPage');
const SecurityPage = lazyPage('security-page', 'SecurityPage');

/** The landing page at `/` (sign in / create account). */
export const landingPage = SignInPage;

/** Full-page screens without the shell; these two stay in the main bundle so they work offline. */
export const bareRoutes: PageRoute[] = [
  { path: '/error', page: OfflinePage },
  // Account mail (API.md §19): "Forgot password?" and the pages mailed links open, signed in or not.
  { path: '/forgot-password', page: ForgotPasswordPage },
  { path: '/reset-password', page: ResetPasswordPage },
  { path: '/verify-email', page: VerifyEmailPage },
  { path: '/confirm-email', page: ConfirmEmailPage },
  { path: '*', page: NotFoundPage },
];

/** Screens inside the signed-in shell (sidebar + top bar); the shell sends visitors without a user cookie to `/`. */
export const shellRoutes: PageRoute[] = [
  { path: '/home', page: HomePage },
  { path: '/trending', page: TrendingPage },
  { path: '/channel', page: ChannelPage },
  { path: '/channel/:channelId', page: ChannelPage },
  { path: '/subscriptions', page: SubscriptionsPage },
  { path: '/subscribers', page: SubscribersPage },
  { path: '/liked', page: LikedPage },
  { path: '/history', page: HistoryPage },
  { path: '/purchases', page: PurchasesPage },
  { path: '/videos', page: ChannelVideosPage },
  { path: '/videos/:channelId', page: ChannelVideosPage },
  { path: '/video/new', page: VideoUploadPage },
  // Live (API.md §17): the Go live form, then the creator's page of the live.
  { path: '/live/new', page: GoLivePage },
  { path: '/live/:videoId', page: LiveStudioPage },
  { path: '/video/edit/:videoId', page: VideoEditPage },
  { path: '/video/buy/:videoId', page: VideoBuyPage },
  { path: '/video/watch/:videoId', page: VideoWatchPage },
  { path: '/playlist', page: PlaylistsPage },
  { path: '/playlist/watch-later', page: WatchLaterPage },
  { path: '/playlist/u/:channelId', page: PlaylistsPage },
  { path: '/playlist/p/:playlistId', page: PlaylistDetailPage },
  { path: '/playlist/u/:channelId/p/:playlistId', page: PlaylistDetailPage },
  { path: '/post', page: PostsPage },
  { path: '/post/u/:channelId', page: PostsPage },
  { path: '/post/p/:postId', page: PostPage },
  { path: '/post/u/:channelId/p/:postId', page: PostPage },
  { path: '/post/new', page: PostEditorPage },
  { path: '/post/edit/:postId', page: PostEditorPage },
  // Notifications (API.md §13): the bell's full list and its settings.
  { path: '/notifications', page: NotificationsPage },
  { path: '/account', page: AccountPage },
  { path: '/account/security', page: SecurityPage },
  // Running an instance in public (API.md §12): my reports, and the staff pages.
  { path: '/reports', page: ReportsPage },
  { path: '/channel/comments', page: CommentSettingsPage },
  { path: '/admin', page: AdminReportsPage },
  { path: '/admin/reports', page: AdminReportsPage },
  { path: '/admin/users', page: AdminUsersPage },
  { path: '/admin/settings', page: AdminSettingsPage },
  { path: '/admin/jobs', page: AdminJobsPage },
  { path: '/admin/audit', page: AdminAuditPage },
  // The creator's analytics (API.md §16): the channel, and one video.
  { path: '/studio', page: StudioPage },
  // Earnings, payouts and the channel's membership (API.md §20).
  { path: '/studio/payouts', page: StudioPayoutsPage },
  { path: '/studio/:videoId', page: StudioPage },
];
