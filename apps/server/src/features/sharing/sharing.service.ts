import { Id, startSeconds, type EmbedQuery, type OEmbed, type OEmbedQuery } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { AppError, NotFound } from '../../lib/errors.ts';
import { THUMBNAIL_SIZE } from '../../lib/images.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { VideosService } from '../videos/videos.service.ts';
import { renderEmbedPage, type EmbedView } from './embed-page.ts';
import { embedIframe } from '@streamhub/contract';
import { fitPlayer, watchedVideoId } from './oembed.ts';
import { createSharingRepo, type SitemapRow } from './sharing.repo.ts';
import { renderRobots, renderSitemapIndex, renderUrlset, SITEMAP_MAX_URLS } from './sitemap.ts';

interface Deps {
  db: Db;
  videos: Pick<VideosService, 'watch' | 'details'>;
  settings: Pick<SettingsService, 'publicView'>;
  /** The storage driver's public URL of a key (thumbnails); relative (`/media/…`) or a CDN's. */
  publicUrl: (key: string) => string;
  /** URLs per sitemap file; the protocol's 50,000 unless a test wants pages sooner. */
  sitemapPageSize?: number;
}

const watchPath = (videoId: string) => `/video/watch/${videoId}`;
const isAbsent = (err: unknown) => err instanceof AppError;

/**
 * Sharing (API.md §15, docs/sharing.md): oEmbed, the embeddable player, the sitemap and
 * robots.txt. What may be shared is the watch call's own rule asked for an anonymous viewer (an
 * embed or an oEmbed consumer is nobody in particular): a public video plays, anything else is
 * a 404 or a card without media. Absolute links are built on `origin` (PUBLIC_URL or the
 * request's own, routes decide).
 */
export function createSharingService({ db, videos, settings, publicUrl, sitemapPageSize = SITEMAP_MAX_URLS }: Deps) {
  const repo = createSharingRepo(db);
  const absolute = (url: string, origin: string) => new URL(url, origin).href;
  const instanceName = async () => (await settings.publicView()).instanceName;

  /** The watch answer for nobody in particular, or null when such a viewer may not watch it (any reason). */
  async function publicVideo(videoId: string) {
    if (!Id.safeParse(videoId).success) return null;
    try {
      return await videos.watch(videoId, null, { countView: false });
    } catch (err) {
      if (isAbsent(err)) return null;
      throw err;
    }
  }

  /** What an embed of a video the anonymous viewer may not watch shows: its card if they may see it (listed exclusive). */
  async function cardOf(videoId: string, origin: string): Promise<EmbedView> {
    const details = !Id.safeParse(videoId).success
      ? null
      : await videos.details(videoId, null).catch((err: unknown) => {
          if (isAbsent(err)) return null;
          throw err;
        });
    if (!details) return { kind: 'card', title: null, thumbnail: null, message: 'This video is unavailable.' };
    return {
      kind: 'card',
      title: details.title,
      thumbnail: details.thumbnail ? absolute(publicUrl(details.thumbnail), origin) : null,
      message: 'This video can be watched on its page only.',
    };
  }

  return {
    /**
     * GET /api/oembed: the oEmbed answer for a public video's watch URL on `origins` (the public
     * origin first); 404 for every other URL and every video an anonymous viewer may not watch.
     */
    async oembed(query: OEmbedQuery, origins: readonly string[]): Promise<OEmbed> {
      if (query.format !== undefined && query.format !== 'json') throw new AppError(501, 'Only format=json is supported');
      const origin = origins[0]!;
      const videoId = watchedVideoId(query.url, origins);
      const video = videoId ? await publicVideo(videoId) : null;
      if (!video?.videoFile) throw new NotFound('Video not found');
      const size = fitPlayer(query.maxwidth, query.maxheight);
      // A start time in the shared URL (`?t=`) goes into the embed too.
      const start = startSeconds(new URL(query.url).searchParams.get('t'));
      const embed = `${origin}/embed/${video._id}${start > 0 ? `?t=${start}` : ''}`;
      return {
        version: '1.0',
        type: 'video',
        provider_name: await instanceName(),
        provider_url: `${origin}/`,
        title: video.title,
        author_name: video.owner.fullname || video.owner.username,
        author_url: `${origin}/channel/${video.owner._id}`,
        thumbnail_url: absolute(publicUrl(video.thumbnail), origin),
        // Thumbnails are stored to fit inside this box (lib/images.ts).
        thumbnail_width: THUMBNAIL_SIZE.width,
        thumbnail_height: THUMBNAIL_SIZE.height,
        html: embedIframe(embed, size, video.title),
        ...size,
      };
    },

    /**
     * GET /embed/:videoId: the page and its status. A public video's player (200); a listed
     * exclusive video's card (200: the embed works, it links to the watch page); anything else
     * a card without title or media (404).
     */
    async embedPage(videoId: string, query: EmbedQuery, origin: string): Promise<{ status: 200 | 404; html: string }> {
      const video = await publicVideo(videoId);
      const view: EmbedView = video?.videoFile
        ? {
            kind: 'player',
            title: video.title,
            videoFile: video.videoFile,
            poster: video.thumbnail ? absolute(publicUrl(video.thumbnail), origin) : null,
            startAt: query.t,
            autoplay: query.autoplay,
          }
        : await cardOf(videoId, origin);
      const links = { watchUrl: `${origin}${watchPath(videoId)}`, instanceName: await instanceName() };
      return { status: view.kind === 'card' && view.title === null ? 404 : 200, html: renderEmbedPage(view, links) };
    },

    /**
     * GET /sitemap.xml: every public video's watch page and every channel with one. Up to
     * `sitemapPageSize` URLs it is one file; past that it is an index of `?page=N` files. Null
     * for a page that does not exist.
     */
    async sitemap(page: number | undefined, origin: string): Promise<string | null> {
      const total = await repo.sitemapCount();
      const pages = Math.max(1, Math.ceil(total / sitemapPageSize));
      if (page === undefined && pages > 1) {
        return renderSitemapIndex(Array.from({ length: pages }, (_, i) => `${origin}/sitemap.xml?page=${i + 1}`));
      }
      const n = page ?? 1;
      if (n < 1 || n > pages) return null;
      const rows = await repo.sitemapRows((n - 1) * sitemapPageSize, sitemapPageSize);
      return renderUrlset(rows.map((row) => ({ loc: `${origin}${pagePath(row)}`, lastmod: new Date(row.lastmod) })));
    },

    robots: (origin: string) => renderRobots(origin),
  };
}
export type SharingService = ReturnType<typeof createSharingService>;

const pagePath = (row: SitemapRow) => (row.kind === 'video' ? watchPath(row.id) : `/channel/${row.id}`);
