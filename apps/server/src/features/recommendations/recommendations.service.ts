import { UP_NEXT_SIZE, VIDEO_PAGE_SIZE, type FeedPage, type VideoCard } from '@streamhub/contract';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { AccessService } from '../access/access.service.ts';
import { toVideoCard } from '../videos/video-card.ts';
import { arrange, blend, KNOBS, type Candidate, type Sources } from './ranking.ts';
import type { RecommendationsRepo, RefreshStats } from './recommendations.repo.ts';

/** Candidates read per source (the feed holds at most their sum). */
const POOL = { neighbours: 200, subscriptions: 60, trending: 120, fresh: 60, channel: UP_NEXT_SIZE };
/** A subscribed channel's uploads of this many days are candidates. */
const SUBSCRIPTION_DAYS = 30;

interface Deps {
  repo: RecommendationsRepo;
  /** Up next opens only for a video the viewer can see (404 otherwise, as the watch call). */
  access: Pick<AccessService, 'assertVisible'>;
}

/**
 * Trending, up next and For you (API.md §14, docs/recommendations.md). Trending and the
 * co-watch neighbours are kept by the database (views, the refresh job); a request reads a few
 * hundred candidates through indexes and ranks them here.
 */
export function createRecommendationsService({ repo, access }: Deps) {
  async function page(ids: string[], pageNo: number): Promise<FeedPage> {
    const start = (pageNo - 1) * VIDEO_PAGE_SIZE;
    const rows = await repo.cards(ids.slice(start, start + VIDEO_PAGE_SIZE));
    return { videos: rows.map(toVideoCard), total: ids.length };
  }

  async function trending(pageNo: number): Promise<FeedPage> {
    const { rows, total } = await repo.trendingPage((pageNo - 1) * VIDEO_PAGE_SIZE, VIDEO_PAGE_SIZE);
    return { videos: rows.map(toVideoCard), total };
  }

  /** Co-watch sums over the seeds, the latest seed weighing most; seeds themselves are not candidates. */
  async function coWatch(seeds: string[]): Promise<Map<string, number>> {
    const weight = new Map(seeds.map((id, i) => [id, KNOBS.seedDecay ** i]));
    const sums = new Map<string, number>();
    for (const n of await repo.neighbours(seeds)) {
      if (weight.has(n.neighbour_id)) continue;
      sums.set(n.neighbour_id, (sums.get(n.neighbour_id) ?? 0) + n.score * weight.get(n.video_id)!);
    }
    return new Map([...sums].sort((a, b) => b[1] - a[1]).slice(0, POOL.neighbours));
  }

  return {
    trending,

    /**
     * Personal: co-watch neighbours of what the viewer watched and liked lately, fresh uploads
     * of their subscriptions, trending and the newest uploads, blended; never what they watched
     * or liked, their own videos or anything unlisted; per page at most 2 of one channel and 2
     * exclusive videos they have not bought (marked on the card). Anonymous: trending.
     */
    async forYou(viewer: Viewer | null, pageNo: number): Promise<FeedPage> {
      if (!viewer) return trending(pageNo);
      const seeds = await repo.seeds(viewer._id, KNOBS.seeds);
      const [neighbours, subscribed, trendingIds, freshIds] = await Promise.all([
        coWatch(seeds),
        repo.subscribedUploads(viewer._id, SUBSCRIPTION_DAYS, POOL.subscriptions),
        repo.trendingIds(POOL.trending),
        repo.newestIds(POOL.fresh),
      ]);
      const sources: Sources = {
        coWatch: neighbours,
        subscriptions: new Map(subscribed.map((s) => [s.id, s.ageHours])),
        trending: trendingIds,
        fresh: freshIds,
      };
      const scores = blend(sources);
      const rows = await repo.candidates(viewer._id, [...scores.keys()]);
      const candidates: Candidate[] = rows
        .filter((r) => !r.seen && r.owner_id !== viewer._id)
        .map((r) => ({ id: r.id, ownerId: r.owner_id, locked: r.is_exclusive && !r.watchable }));
      return page(
        arrange(candidates, scores).map((c) => c.id),
        pageNo,
      );
    },

    /**
     * Up to 12 cards to watch after `videoId`: its co-watch neighbours, then its channel's newest,
     * then trending; never the video itself, never anything unlisted. 404 for a video the viewer
     * cannot see.
     */
    async upNext(viewer: Viewer | null, videoId: string): Promise<VideoCard[]> {
      await access.assertVisible(videoId, viewer);
      const ownerId = await repo.ownerOf(videoId);
      const [neighbours, channel, trendingIds] = await Promise.all([
        repo.neighbours([videoId]),
        ownerId ? repo.channelIds(ownerId, videoId, POOL.channel) : [],
        repo.trendingIds(POOL.channel * 2),
      ]);
      const ordered = [...new Set([...neighbours.map((n) => n.neighbour_id), ...channel, ...trendingIds])].filter(
        (id) => id !== videoId,
      );
      return (await repo.cards(ordered.slice(0, UP_NEXT_SIZE * 2))).slice(0, UP_NEXT_SIZE).map(toVideoCard);
    },

    /** Brings the co-watch neighbours up to date with new history and likes (the refresh job). */
    refresh: (): Promise<RefreshStats | null> => repo.refresh(),
  };
}
export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
