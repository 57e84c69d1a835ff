import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { prefetchWatchPage } from './prefetch-watch-page';
import { lazyRoute } from '@/lib/lazy-component';
import { NotFoundPage } from './pages/not-found-page';
import { OfflinePage } from './pages/offline-page';

/**
 * The route table (SPEC §2). Adding a screen is one line: write app/pages/<name>-page.tsx
 * exporting the page component and point its path here with lazyRoute(). Paths whose page is
 * not built yet show the not-found screen inside the shell.
 */
type LazyPage = () => Promise<{ Component: ComponentType }>;
export type PageRoute = {
  path: string;
  /** A page in the main bundle, or one loaded with its route (`lazy`). */
  page: ComponentType | { lazy: LazyPage };
  /** Starts the page's API calls while its code loads (they are not awaited). */
  prefetch?: (params: Params) => void;
};

const SignInPage = { lazy: lazyRoute(() => import('./pages/sign-in-page'), 'SignInPage') };
const HomePage = { lazy: lazyRoute(() => import('./pages/home-page'), 'HomePage') };
const TrendingPage = { lazy: lazyRoute(() => import('./pages/trending-page'), 'TrendingPage') };
const ChannelPage = { lazy: lazyRoute(() => import('./pages/channel-page'), 'ChannelPage') };
const VideoWatchPage = { lazy: lazyRoute(() => import('./pages/video-watch-page'), 'VideoWatchPage') };
const LikedPage = { lazy: lazyRoute(() => import('./pages/liked-page'), 'LikedPage') };
const HistoryPage = { lazy: lazyRoute(() => import('./pages/history-page'), 'HistoryPage') };
const VideoBuyPage = { lazy: lazyRoute(() => import('./pages/video-buy-page'), 'VideoBuyPage') };
const PurchasesPage = { lazy: lazyRoute(() => import('./pages/purchases-page'), 'PurchasesPage') };
const PlaylistsPage = { lazy: lazyRoute(() => import('./pages/playlists-page'), 'PlaylistsPage') };
const PlaylistDetailPage = { lazy: lazyRoute(() => import('./pages/playlist-detail-page'), 'PlaylistDetailPage') };
const ChannelVideosPage = { lazy: lazyRoute(() => import('./pages/channel-videos-page'), 'ChannelVideosPage') };
const VideoUploadPage = { lazy: lazyRoute(() => import('./pages/video-upload-page'), 'VideoUploadPage') };
const VideoEditPage = { lazy: lazyRoute(() => import('./pages/video-edit-page'), 'VideoEditPage') };
const SubscriptionsPage = { lazy: lazyRoute(() => import('./pages/subscriptions-page'), 'SubscriptionsPage') };
const SubscribersPage = { lazy: lazyRoute(() => import('./pages/subscribers-page'), 'SubscribersPage') };
const PostsPage = { lazy: lazyRoute(() => import('./pages/posts-page'), 'PostsPage') };
const PostPage = { lazy: lazyRoute(() => import('./pages/post-page'), 'PostPage') };
const PostEditorPage = { lazy: lazyRoute(() => import('./pages/post-editor-page'), 'PostEditorPage') };
const CommentSettingsPage = { lazy: lazyRoute(() => import('./pages/comment-settings-page'), 'CommentSettingsPage') };
const ReportsPage = { lazy: lazyRoute(() => import('./pages/reports-page'), 'ReportsPage') };
const AdminReportsPage = { lazy: lazyRoute(() => import('./pages/admin-reports-page'), 'AdminReportsPage') };
const AdminUsersPage = { lazy: lazyRoute(() => import('./pages/admin-users-page'), 'AdminUsersPage') };
const AdminSettingsPage = { lazy: lazyRoute(() => import('./pages/admin-settings-page'), 'AdminSettingsPage') };
const AdminJobsPage = { lazy: lazyRoute(() => import('./pages/admin-jobs-page'), 'AdminJobsPage') };
const AdminAuditPage = { lazy: lazyRoute(() => import('./pages/admin-audit-page'), 'AdminAuditPage') };

/** The landing page at `/` (sign in / create account). */
export const landingPage = SignInPage;

/** Full-page screens without the shell; these two stay in the main bundle so they work offline. */
export const bareRoutes: PageRoute[] = [
  { path: '/error', page: OfflinePage },
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
  { path: '/video/edit/:videoId', page: VideoEditPage },
  { path: '/video/buy/:videoId', page: VideoBuyPage },
  {
    path: '/video/watch/:videoId',
    page: VideoWatchPage,
    prefetch: ({ videoId }) => videoId && prefetchWatchPage(videoId),
  },
  { path: '/playlist', page: PlaylistsPage },
  { path: '/playlist/u/:channelId', page: PlaylistsPage },
  { path: '/playlist/p/:playlistId', page: PlaylistDetailPage },
  { path: '/playlist/u/:channelId/p/:playlistId', page: PlaylistDetailPage },
  { path: '/post', page: PostsPage },
  { path: '/post/u/:channelId', page: PostsPage },
  { path: '/post/p/:postId', page: PostPage },
  { path: '/post/u/:channelId/p/:postId', page: PostPage },
  { path: '/post/new', page: PostEditorPage },
  { path: '/post/edit/:postId', page: PostEditorPage },
  // Running an instance in public (API.md §12): my reports, and the staff pages.
  { path: '/reports', page: ReportsPage },
  { path: '/channel/comments', page: CommentSettingsPage },
  { path: '/admin', page: AdminReportsPage },
  { path: '/admin/reports', page: AdminReportsPage },
  { path: '/admin/users', page: AdminUsersPage },
  { path: '/admin/settings', page: AdminSettingsPage },
  { path: '/admin/jobs', page: AdminJobsPage },
  { path: '/admin/audit', page: AdminAuditPage },
];
