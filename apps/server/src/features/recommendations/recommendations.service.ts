import { UP_NEXT_SIZE, VIDEO_PAGE_SIZE, type FeedPage, type VideoCard } from '@streamhub/contract';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { AccessService } from '../access/access.service.ts';
import { toVideoCard } from '../access/video-card.ts';
import { arrange, blend, KNOBS, type Candidate, type Sources } from './ranking.ts';
import type { CandidateRow, RecommendationsRepo, RefreshStats } from './recommendations.repo.ts';

/**
 * Candidates read per source (the feed holds at most their sum); a subscribed channel's uploads
 * of `subscriptionDays` are candidates.
 */
const POOL = { neighbours: 200, subscriptions: 60, subscriptionDays: 30, trending: 120, fresh: 60, channel: UP_NEXT_SIZE };

interface Deps {
  repo: RecommendationsRepo;
  /** Up next opens only for a video the viewer can see (404 otherwise, as the watch call). */
  access: Pick<AccessService, 'assertVisible'>;
}

/**
 * Trending, up next and For you (API.md §14, docs/recommendations.md). Trending and the
 * co-watch neighbours are kept by the database (views, the refresh job); a For-you request reads
 * a few hundred candidates through indexes in one statement and ranks them here.
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

  /** The sources of the blend, from the candidate rows (each row says which sources hold it). */
  function sourcesOf(rows: CandidateRow[]): Sources {
    const ranked = (rank: (r: CandidateRow) => number | null) =>
      rows
        .filter((r) => rank(r) !== null)
        .sort((a, b) => rank(a)! - rank(b)!)
        .map((r) => r.id);
    return {
      coWatch: new Map(rows.filter((r) => r.co_watch !== null).map((r) => [r.id, r.co_watch!])),
      subscriptions: new Map(rows.filter((r) => r.age_hours !== null).map((r) => [r.id, r.age_hours!])),
      trending: new Map(rows.filter((r) => r.trend_share !== null).map((r) => [r.id, r.trend_share!])),
      fresh: ranked((r) => r.fresh_rank),
      history: rows[0]?.seeds ?? 0,
    };
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
      const rows = await repo.forYouCandidates(viewer._id, {
        seeds: KNOBS.seeds,
        seedDecay: KNOBS.seedDecay,
        ...POOL,
      });
      const scores = blend(sourcesOf(rows));
      const candidates: Candidate[] = rows.map((r) => ({
        id: r.id,
        ownerId: r.owner_id,
        locked: r.is_exclusive && !r.watchable,
      }));
      return page(
        arrange(candidates, scores).map((c) => c.id),
        pageNo,
      );
    },

    /**
     * Up to 12 cards to watch after `videoId`: its co-watch neighbours, then its channel's newest,
     * then trending; never the video itself, never anything unlisted. 404 for a video the viewer
     * cannot see (a live waiting for its stream is seen: its page shows up next too).
     */
    async upNext(viewer: Viewer | null, videoId: string): Promise<VideoCard[]> {
      await access.assertVisible(videoId, viewer, { waitingLive: true });
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
