import { VIDEO_PAGE_SIZE } from '@streamhub/contract';

/**
 * The For-you blend (docs/recommendations.md), pure: candidates from each source get a score,
 * the best come first, and pages of 12 are laid out so that none holds more than two videos of
 * one channel or two exclusive videos the viewer has not bought.
 */
export const KNOBS = {
  /** Weight of co-watching (normalised to the best candidate's co-watch sum). */
  coWatch: 1,
  /** Weight of a fresh upload of a subscribed channel (halved every `subscriptionHalfLifeHours`). */
  subscription: 1.2,
  subscriptionHalfLifeHours: 48,
  /**
   * Weight of trending (times a video's age-weighted views as a share of the top one's, so it
   * falls as steeply as views do): `trending` for a viewer without history, falling linearly to
   * `trendingWarm` once they have `warmSeeds` seeds (their own co-watching says more about them
   * than what everyone watches).
   */
  trending: 0.3,
  trendingWarm: 0.2,
  warmSeeds: 10,
  /** Weight of the newest uploads (by rank; only fills a thin feed). */
  fresh: 0.05,
  /** Of one page: videos of one channel, and exclusive videos the viewer may not watch. */
  perChannel: 2,
  locked: 2,
  /** The viewer's latest videos the co-watch neighbours come from, each weighted `seedDecay`^i. */
  seeds: 20,
  seedDecay: 0.9,
};

export interface Candidate {
  id: string;
  ownerId: string;
  /** Exclusive and not the viewer's to watch: shown marked, at most `locked` a page. */
  locked: boolean;
}

export interface Sources {
  /** Neighbour id → summed co-watch score over the seeds. */
  coWatch: Map<string, number>;
  /** Subscribed channels' uploads → their age in hours. */
  subscriptions: Map<string, number>;
  /** Trending video → its age-weighted views as a share of the most trending one's (0..1]. */
  trending: Map<string, number>;
  fresh: string[];
  /** How many of the viewer's latest videos the co-watch candidates come from. */
  history: number;
}

/** The blended score of every candidate of `sources`. */
export function blend(sources: Sources, knobs = KNOBS): Map<string, number> {
  const scores = new Map<string, number>();
  const add = (id: string, s: number) => scores.set(id, (scores.get(id) ?? 0) + s);
  const best = Math.max(0, ...sources.coWatch.values());
  if (best > 0) for (const [id, s] of sources.coWatch) add(id, (knobs.coWatch * s) / best);
  for (const [id, ageHours] of sources.subscriptions) {
    add(id, knobs.subscription * 0.5 ** (Math.max(0, ageHours) / knobs.subscriptionHalfLifeHours));
  }
  const warm = Math.min(1, sources.history / knobs.warmSeeds);
  const trendingWeight = knobs.trending + (knobs.trendingWarm - knobs.trending) * warm;
  for (const [id, share] of sources.trending) add(id, trendingWeight * share);
  sources.fresh.forEach((id, i) => add(id, knobs.fresh * (1 - i / sources.fresh.length)));
  return scores;
}

/**
 * Candidates best first (ties by id), laid out page by page: a candidate that would break a
 * page's caps waits for the next page; the list ends where a page can no longer be filled
 * (what is left is a few channels' videos only).
 */
export function arrange(candidates: Candidate[], scores: Map<string, number>, knobs = KNOBS): Candidate[] {
  let queue = [...candidates].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1));
  const out: Candidate[] = [];
  while (queue.length > 0) {
    const page: Candidate[] = [];
    const waiting: Candidate[] = [];
    const perChannel = new Map<string, number>();
    let locked = 0;
    for (const c of queue) {
      const fits =
        page.length < VIDEO_PAGE_SIZE &&
        (perChannel.get(c.ownerId) ?? 0) < knobs.perChannel &&
        (!c.locked || locked < knobs.locked);
      if (!fits) {
        waiting.push(c);
        continue;
      }
      page.push(c);
      perChannel.set(c.ownerId, (perChannel.get(c.ownerId) ?? 0) + 1);
      if (c.locked) locked += 1;
    }
    out.push(...page);
    if (page.length < VIDEO_PAGE_SIZE) break;
    queue = waiting;
  }
  return out;
}
