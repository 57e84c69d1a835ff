import type { ComponentType } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { NotFoundPage } from './pages/not-found-page';
import { OfflinePage } from './pages/offline-page';

/**
 * The route table (SPEC §2). Adding a screen is one line: write app/pages/<name>-page.tsx
 * exporting the page component and point its path here with lazyComponent(). Paths whose page is
 * not built yet show the not-found screen inside the shell.
 */
export type PageRoute = { path: string; page: ComponentType };

const SignInPage = lazyComponent(() => import('./pages/sign-in-page'), 'SignInPage');
const HomePage = lazyComponent(() => import('./pages/home-page'), 'HomePage');
const ChannelPage = lazyComponent(() => import('./pages/channel-page'), 'ChannelPage');

/** The landing page at `/` (sign in / create account). */
export const landingPage: ComponentType = SignInPage;

/** Full-page screens without the shell; these two stay in the main bundle so they work offline. */
export const bareRoutes: PageRoute[] = [
  { path: '/error', page: OfflinePage },
  { path: '*', page: NotFoundPage },
];

/** Screens inside the signed-in shell (sidebar + top bar); the shell sends visitors without a user cookie to `/`. */
export const shellRoutes: PageRoute[] = [
  { path: '/home', page: HomePage },
  { path: '/channel', page: ChannelPage },
  { path: '/channel/:channelId', page: ChannelPage },
  { path: '/subscriptions', page: NotFoundPage },
  { path: '/subscribers', page: NotFoundPage },
  { path: '/liked', page: NotFoundPage },
  { path: '/history', page: NotFoundPage },
  { path: '/purchases', page: NotFoundPage },
  { path: '/videos', page: NotFoundPage },
  { path: '/videos/:channelId', page: NotFoundPage },
  { path: '/video/new', page: NotFoundPage },
  { path: '/video/edit/:videoId', page: NotFoundPage },
  { path: '/video/buy/:videoId', page: NotFoundPage },
  { path: '/video/watch/:videoId', page: NotFoundPage },
  { path: '/playlist', page: NotFoundPage },
  { path: '/playlist/u/:channelId', page: NotFoundPage },
  { path: '/playlist/p/:playlistId', page: NotFoundPage },
  { path: '/playlist/u/:channelId/p/:playlistId', page: NotFoundPage },
  { path: '/post', page: NotFoundPage },
  { path: '/post/u/:channelId', page: NotFoundPage },
  { path: '/post/p/:postId', page: NotFoundPage },
  { path: '/post/u/:channelId/p/:postId', page: NotFoundPage },
  { path: '/post/new', page: NotFoundPage },
  { path: '/post/edit/:postId', page: NotFoundPage },
];
