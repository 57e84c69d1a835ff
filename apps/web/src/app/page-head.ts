import type { QueryClient } from '@tanstack/react-query';
import type { StaticHandlerContext } from 'react-router';
import type { ChannelProfile, PlaylistDetail, Post, WatchVideo } from '@streamhub/contract';
import { playlistKeys } from '@/features/playlists/playlist-keys';
import { channelKeys, postKeys, watchKeys } from '@/lib/query-keys';
import { escapeHtml as escape } from '@/lib/escape-html';
import { subjectStatus } from './page-status';

/**
 * The <head> of a server-rendered page (API.md §15): title, description, OpenGraph and Twitter
 * meta, canonical link, and on the watch page the oEmbed discovery link. Read from the data the
 * render loaded (pure: the server renderer calls it, entry-server.tsx).
 */

export const SITE_NAME = 'StreamHub';
const DEFAULT_DESCRIPTION = 'StreamHub: share your creativity with the world.';
const DESCRIPTION_MAX = 200;

export type PageHead = {
  title: string;
  description: string;
  /** Absolute URL of this page (its path without the query, but the home page's own filters). */
  canonical: string;
  type: 'website' | 'video.other' | 'profile' | 'article';
  /** Absolute URLs. */
  image?: string;
  /** The progressive file of a public video (og:video). */
  video?: { url: string; type: string };
  /** The oEmbed discovery link (watch pages of public videos). */
  oembed?: string;
  /**
   * The page's subject does not exist (or is not for this viewer): 404; was removed: 410
   * (`page-status.ts`). The page answers with it.
   */
  status?: 404 | 410;
  /**
   * `<meta name="robots" content="noindex">`: the page of an unlisted (or private) video or
   * playlist, which only its link opens and no search engine lists (API.md §18).
   */
  noindex?: boolean;
};

/** `t`: the page's language (API.md §21), the titles its components give the document (i18n/en.ts). */
type HeadInput = { context: StaticHandlerContext; client: QueryClient; origin: string; t: Translate };
type Translate = (key: string, options?: Record<string, string>) => string;

export function pageHead({ context, client, origin, t }: HeadInput): PageHead {
  const last = context.matches[context.matches.length - 1];
  const path = last?.route.path ?? '';
  const params = last?.params ?? {};
  const canonical = new URL(context.location.pathname, origin).href;
  const absolute = (url: string | null | undefined) => (url ? new URL(url, origin).href : undefined);
  const base: PageHead = { title: SITE_NAME, description: DEFAULT_DESCRIPTION, canonical, type: 'website' };

  if (path === '/video/watch/:videoId' && params.videoId) {
    const key = watchKeys.video(params.videoId);
    const video = client.getQueryData<WatchVideo>(key);
    if (!video) {
      const error = failure(client, key);
      // A removed video's page says why, as its watch call does ("This video was removed: …").
      const removed = subjectStatus(error) === 410 && error?.message ? { description: error.message } : {};
      return { ...base, title: t('watchPage.unavailableDocumentTitle'), ...removed, ...statusOf(client, key) };
    }
    const title = video.title.trim() || t('watchPage.untitled');
    const open = !video.isExclusive;
    const noindex = video.visibility !== undefined && video.visibility !== 'public';
    return {
      ...base,
      title: t('watchPage.documentTitle', { title }),
      description: summary(video.description) || base.description,
      type: 'video.other',
      image: absolute(video.thumbnail),
      // Public videos only: an exclusive one's media URLs carry the viewer's token.
      video: open && video.videoFile ? { url: absolute(video.videoFile)!, type: 'video/mp4' } : undefined,
      oembed: open ? `${origin}/api/oembed?url=${encodeURIComponent(canonical)}` : undefined,
      ...(noindex ? { noindex } : {}),
    };
  }
  if ((path === '/channel/:channelId' || path === '/channel') && (params.channelId || path === '/channel')) {
    const key = params.channelId ? channelKeys.detail(params.channelId) : channelKeys.own();
    const channel = client.getQueryData<ChannelProfile>(key);
    if (!channel) return { ...base, title: t('channelPage.unavailableDocumentTitle'), ...statusOf(client, key) };
    return {
      ...base,
      title: t('channelPage.documentTitle', { name: channel.fullname }),
      description: `${channel.fullname} (@${channel.username}) on ${SITE_NAME}.`,
      type: 'profile',
      image: absolute(channel.avatar),
      canonical: new URL(`/channel/${encodeURIComponent(channel._id)}`, origin).href,
    };
  }
  if ((path === '/post/p/:postId' || path === '/post/u/:channelId/p/:postId') && params.postId) {
    const key = postKeys.detail(params.postId);
    const post = client.getQueryData<Post>(key);
    const author = post?.owner[0];
    if (!post || !author) return { ...base, ...statusOf(client, key) };
    return {
      ...base,
      title: t('postPage.documentTitle', { name: author.fullname }),
      description: summary(post.content) || base.description,
      type: 'article',
      image: absolute(author.avatar),
      canonical: new URL(`/post/p/${encodeURIComponent(post._id)}`, origin).href,
    };
  }
  if ((path === '/playlist/p/:playlistId' || path === '/playlist/u/:channelId/p/:playlistId') && params.playlistId) {
    const key = playlistKeys.detail(params.playlistId);
    const detail = client.getQueryData<PlaylistDetail>(key);
    if (!detail) return { ...base, title: t('playlistDetail.unavailableTitle'), ...statusOf(client, key) };
    const { playlist } = detail;
    return {
      ...base,
      title: `${playlist.name} · ${SITE_NAME}`,
      description: summary(playlist.description) || `A playlist by ${playlist.owner.fullname} on ${SITE_NAME}.`,
      image: absolute(playlist.videos[0]?.thumbnail),
      canonical: new URL(`/playlist/p/${encodeURIComponent(playlist._id)}`, origin).href,
      ...(playlist.visibility !== undefined && playlist.visibility !== 'public' ? { noindex: true } : {}),
    };
  }
  if (path === '/home') return { ...base, title: t('homePage.documentTitle') };
  if (!path && last?.route.index) {
    const registering = new URLSearchParams(context.location.search).get('view') === 'register';
    return { ...base, title: t(registering ? 'signUp.documentTitle' : 'signIn.documentTitle'), canonical: `${origin}/` };
  }
  if (path === '*') return { ...base, title: t('notFound.documentTitle') };
  return base;
}

function failure(client: QueryClient, key: readonly unknown[]) {
  return client.getQueryState(key)?.error as { status?: number; message?: string } | null | undefined;
}

/** The head's `status` when the subject's call failed with one a page answers with. */
function statusOf(client: QueryClient, key: readonly unknown[]): Pick<PageHead, 'status'> {
  const status = subjectStatus(failure(client, key));
  return status ? { status } : {};
}

/** The first words of a text, on one line, for a description. */
function summary(text: string | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= DESCRIPTION_MAX ? line : `${line.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** The head's tags, escaped; `extra` (preloads) follows them. */
export function headTags(head: PageHead): string {
  const meta = (property: string, content: string | undefined, name = 'property') =>
    content ? `<meta ${name}="${property}" content="${escape(content)}">` : '';
  const ogTitle = head.title.endsWith(` · ${SITE_NAME}`) ? head.title.slice(0, -` · ${SITE_NAME}`.length) : head.title;
  return [
    `<title>${escape(head.title)}</title>`,
    meta('description', head.description, 'name'),
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escape(head.canonical)}">`,
    meta('og:site_name', SITE_NAME),
    meta('og:title', ogTitle),
    meta('og:description', head.description),
    meta('og:type', head.type),
    meta('og:url', head.canonical),
    meta('og:image', head.image),
    meta('og:video', head.video?.url),
    meta('og:video:type', head.video?.type),
    meta('twitter:card', head.image ? 'summary_large_image' : 'summary', 'name'),
    meta('twitter:title', ogTitle, 'name'),
    meta('twitter:description', head.description, 'name'),
    meta('twitter:image', head.image, 'name'),
    head.oembed
      ? `<link rel="alternate" type="application/json+oembed" href="${escape(head.oembed)}" title="${escape(ogTitle)}">`
      : '',
  ].join('');
}
