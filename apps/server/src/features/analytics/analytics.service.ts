import {
  addDays,
  daysOf,
  DEFAULT_ANALYTICS_DAYS,
  MAX_ANALYTICS_DAYS,
  toAmount,
  type AnalyticsQuery,
  type ProgressBody,
  type StudioAnalytics,
} from '@streamhub/contract';
import { LRUCache } from 'lru-cache';
import { BadInput, Forbidden, NotFound } from '../../lib/errors.ts';
import type { AccessService } from '../access/access.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { AnalyticsRepo, AnalyticsScope } from './analytics.repo.ts';
import type { ProgressSink } from './progress-relay.ts';
import type { HeartbeatSender } from './progress-tracker.ts';

/** A heartbeat's position may pass the stored duration by this much (players round, containers differ). */
const POSITION_SLACK_SECONDS = 2;

interface Deps {
  repo: AnalyticsRepo;
  /** The watch rule: who may send heartbeats for a video is who may watch it. */
  access: Pick<AccessService, 'assertCanWatch'>;
  /** The tracker, or in a cluster's HTTP worker the relay to its primary's. */
  tracker: ProgressSink;
  /** Today's date (UTC), for the default range. */
  now?: () => number;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The asked range with its defaults (the last 28 days up to today, UTC); 400 when reversed or too long. */
export function resolveRange(query: Pick<AnalyticsQuery, 'from' | 'to'>, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_ANALYTICS_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_ANALYTICS_DAYS - 1));
  if (from > to) throw new BadInput('from must not be after to', [{ field: 'from', problem: 'is after to' }]);
  if (addDays(from, MAX_ANALYTICS_DAYS - 1) < to) {
    throw new BadInput(`The range must not pass ${MAX_ANALYTICS_DAYS} days`, [{ field: 'to', problem: 'too far from from' }]);
  }
  return { from, to };
}

/** Progress heartbeats in, the studio's numbers out (API.md §16, docs/studio.md). */
export function createAnalyticsService({ repo, access, tracker, now = Date.now }: Deps) {
  /**
   * Ready videos' durations: a ready video's duration never changes, so a heartbeat asks the
   * database one thing only (the watch rule, asked every time).
   */
  const durations = new LRUCache<string, number>({ max: 10_000 });

  /** The video's duration when it is ready to be measured, else null (still processing: nothing to measure yet). */
  async function readyDuration(videoId: string): Promise<number | null> {
    const known = durations.get(videoId);
    if (known !== undefined) return known;
    const video = await repo.playable(videoId);
    if (!video) throw new NotFound('Video not found');
    if (video.status !== 'ready' || !(video.duration > 0)) return null;
    durations.set(videoId, video.duration);
    return video.duration;
  }

  /** The videos a caller may read analytics of: their own (404 missing, 403 someone else's). */
  async function scopeOf(viewer: Viewer, videoId: string | undefined): Promise<AnalyticsScope> {
    if (!videoId) return { ownerId: viewer._id };
    const owner = await repo.ownerOf(videoId);
    if (!owner) throw new NotFound('Video not found');
    if (owner !== viewer._id) throw new Forbidden('Only the owner can see these analytics');
    return { ownerId: viewer._id, videoId };
  }

  return {
    /**
     * One heartbeat. A burst from one viewer is sampled away before the database is asked (their
     * session proves they could watch a moment ago); otherwise the watch call's rule answers
     * (404 / 401) and the position must lie within the video.
     */
    async progress(videoId: string, viewer: Viewer | null, sender: HeartbeatSender, beat: ProgressBody): Promise<boolean> {
      if (tracker.tooSoon(sender.key, videoId, beat.playing)) return false;
      await access.assertCanWatch(videoId, viewer);
      const duration = await readyDuration(videoId);
      if (duration === null) return false;
      if (beat.position > duration + POSITION_SLACK_SECONDS) {
        throw new BadInput('position is past the end of the video', [{ field: 'position', problem: 'past the duration' }]);
      }
      return tracker.record(sender, { id: videoId, duration }, beat);
    },

    /** GET /api/studio/analytics: every day of the range present, zeros included. */
    async analytics(viewer: Viewer, query: AnalyticsQuery): Promise<StudioAnalytics> {
      const { from, to } = resolveRange(query, new Date(now()).toISOString().slice(0, 10));
      const scope = await scopeOf(viewer, query.videoId);
      const [perDay, reached, earnings] = await Promise.all([
        repo.perDay(scope, from, to),
        repo.reached(scope, from, to),
        repo.earningsPerDay(scope, from, to),
      ]);
      const byDay = new Map(perDay.map((r) => [r.day, r]));
      const earned = new Map(earnings.map((r) => [r.day, Number(r.amount)]));
      const days = daysOf(from, to);
      const seconds = perDay.reduce((s, r) => s + r.watch_seconds, 0);
      const sessions = perDay.reduce((s, r) => s + r.sessions, 0);
      // The share of sessions that played through each point (a session started at `?t=` half way
      // did not see the beginning).
      return {
        views: days.map((day) => ({ day, count: byDay.get(day)?.views ?? 0 })),
        watchSeconds: days.map((day) => ({ day, seconds: round(byDay.get(day)?.watch_seconds ?? 0, 1) })),
        averageViewSeconds: sessions > 0 ? round(seconds / sessions, 1) : 0,
        // A session that began before the range may reach later points inside it: never above 1.
        retention: reached.map((n) => (sessions > 0 ? Math.min(1, round(n / sessions, 4)) : 0)),
        revenue: days.map((day) => ({ day, amount: toAmount(earned.get(day) ?? 0) })),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
