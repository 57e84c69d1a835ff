import { RETENTION_POINTS, type ProgressBody } from '@streamhub/contract';
import { VIEWS_PER_ADDRESS } from '../videos/address-cap.ts';

type Log = { warn(obj: object, msg: string): void };

/**
 * A heartbeat sooner than this after the session's last counted one is sampled away (a burst counts
 * once), unless it changes whether the player plays (a pause or a resume), which waits only
 * MIN_CHANGE_GAP_MS: a viewer who plays 3 s and leaves is heard leaving.
 */
export const MIN_HEARTBEAT_GAP_MS = 5_000;
export const MIN_CHANGE_GAP_MS = 1_000;
/**
 * Between two heartbeats of a playing session, a position that moved forward by at most this many
 * times the wall-clock time between them (plus PLAY_SLACK_SECONDS) was played (players offer up to
 * 2× speed); a longer jump is a seek.
 */
const MAX_PLAYBACK_RATE = 2;
const PLAY_SLACK_SECONDS = 1;
/** A session's first heartbeat at most this far in counts as played from the start (the page starts the video before the app's code runs). */
const STARTED_FROM_ZERO_SECONDS = 15;
/** A session silent this long is over; the viewer's next heartbeat starts a new one. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The most sessions one process remembers (the least recently heard are forgotten first). */
const MAX_SESSIONS = 200_000;
/**
 * Sessions one address (viewer-key.ts `networkOf`) may hold on one video at once, whoever is signed
 * in there: the views' cap (features/videos/address-cap.ts), so a pile of accounts on one address
 * adds no more watch time than that many viewers could.
 */
export const SESSIONS_PER_ADDRESS = VIEWS_PER_ADDRESS;
/** A position this close to the end reaches 100 % (the browser's duration and ffprobe's differ by a frame or two). */
const END_TOLERANCE_SECONDS = 0.5;

/** One video's analytics for one UTC day, as gathered since the last flush. */
export interface DayProgress {
  videoId: string;
  day: string;
  watchSeconds: number;
  sessions: number;
  /** `reached[i]`: sessions that reached retention point i (i × 5 % of the duration) this day. */
  reached: number[];
}

interface Session {
  lastAt: number;
  playing: boolean;
  /** The position of the last counted heartbeat. */
  position: number;
  /** The retention points this session has played through (bit i: point i), each counted once. */
  reached: number;
}

/** Who sent a heartbeat: the viewer (viewer-key.ts) and the address they sent it from. */
export interface HeartbeatSender {
  key: string;
  address: string;
}

/** The retention point (0 … 20) a position reaches. */
export function retentionPoint(position: number, duration: number): number {
  if (position >= duration - END_TOLERANCE_SECONDS) return RETENTION_POINTS - 1;
  return Math.min(RETENTION_POINTS - 1, Math.floor((position / duration) * (RETENTION_POINTS - 1)));
}

/**
 * Progress heartbeats turned into per-video, per-day totals in this process's memory and written
 * every `flushMs` in one statement (VIEW_FLUSH_MS, like counted views; docs/studio.md): a viewer
 * costs a map entry, never a row per heartbeat. A session is one viewer (viewer-key.ts) watching
 * one video once: until it is silent for SESSION_IDLE_MS, or starts again from the beginning after
 * reaching the end. What counts is what was played, read from the positions: between two
 * heartbeats of a playing session, a position that moved forward at a playing pace was played, and
 * that distance (capped by the wall-clock time between them) is watch time, and every retention
 * point on the way is reached; a seek reaches only where it lands and adds no time; a paused session
 * adds nothing. Retention counts each session once at each point it played through. A flush that
 * fails keeps its totals for the next one; `close` writes what is left. `flushMs` 0 writes each
 * heartbeat at once.
 */
export function createProgressTracker({
  write,
  flushMs,
  log,
  now = Date.now,
}: {
  write: (batch: DayProgress[]) => Promise<void>;
  flushMs: number;
  log: Log;
  now?: () => number;
}) {
  const sessions = new Map<string, Session>();
  /** `address|videoId` → its sessions' viewers and when each was last heard; least recently heard first. */
  const byAddress = new Map<string, { viewers: Map<string, number>; lastAt: number }>();
  let pending = new Map<string, DayProgress>();
  let flushing: Promise<void> = Promise.resolve();
  const timer = flushMs > 0 ? setInterval(() => void flush(), flushMs) : undefined;
  timer?.unref();

  function totals(videoId: string, day: string): DayProgress {
    const key = `${videoId}|${day}`;
    let t = pending.get(key);
    if (!t) pending.set(key, (t = { videoId, day, watchSeconds: 0, sessions: 0, reached: new Array(RETENTION_POINTS).fill(0) }));
    return t;
  }

  function add(into: DayProgress, from: DayProgress) {
    into.watchSeconds += from.watchSeconds;
    into.sessions += from.sessions;
    from.reached.forEach((n, i) => (into.reached[i]! += n));
  }

  /** Forgets silent sessions, and the oldest ones past MAX_SESSIONS (Map order is least recently heard first). */
  function forgetSilent() {
    const cutoff = now() - SESSION_IDLE_MS;
    for (const [key, s] of sessions) {
      if (s.lastAt > cutoff && sessions.size <= MAX_SESSIONS) break;
      sessions.delete(key);
    }
    for (const [key, a] of byAddress) {
      if (a.lastAt > cutoff && byAddress.size <= MAX_SESSIONS) break;
      byAddress.delete(key);
    }
  }

  /**
   * Whether `sender` may hold a session on `videoId` at `at`: always when it has one, else while
   * its address holds fewer than SESSIONS_PER_ADDRESS live ones there. Notes the sender as heard.
   */
  function addressRoom(sender: HeartbeatSender, videoId: string, at: number): boolean {
    const key = `${sender.address}|${videoId}`;
    const a = byAddress.get(key) ?? { viewers: new Map<string, number>(), lastAt: at };
    for (const [viewer, lastAt] of a.viewers) if (at - lastAt > SESSION_IDLE_MS) a.viewers.delete(viewer);
    if (!a.viewers.has(sender.key) && a.viewers.size >= SESSIONS_PER_ADDRESS) return false;
    a.viewers.set(sender.key, at);
    a.lastAt = at;
    byAddress.delete(key); // set again last: the map stays in order of last heard
    byAddress.set(key, a);
    return true;
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      forgetSilent();
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await write([...batch.values()]);
      } catch (err) {
        for (const t of batch.values()) add(totals(t.videoId, t.day), t);
        log.warn({ err: String(err), videos: batch.size }, 'progress not written; tried again at the next flush');
      }
    });
    return flushing;
  }

  return {
    /** True when `viewer`'s heartbeat for `videoId` would be sampled away now (asked before any database work). */
    tooSoon(viewer: string, videoId: string, playing: boolean): boolean {
      const s = sessions.get(`${viewer}|${videoId}`);
      return s !== undefined && now() - s.lastAt < (s.playing === playing ? MIN_HEARTBEAT_GAP_MS : MIN_CHANGE_GAP_MS);
    },

    /**
     * Counts one heartbeat of `sender` on a video of `duration` seconds; false when sampled away
     * or when its address already holds SESSIONS_PER_ADDRESS other sessions on the video.
     */
    async record(sender: HeartbeatSender, video: { id: string; duration: number }, beat: ProgressBody): Promise<boolean> {
      const at = now();
      const key = `${sender.key}|${video.id}`;
      const s = sessions.get(key);
      if (s && at - s.lastAt < (s.playing === beat.playing ? MIN_HEARTBEAT_GAP_MS : MIN_CHANGE_GAP_MS)) return false;
      if (!addressRoom(sender, video.id, at)) return false;
      const t = totals(video.id, new Date(at).toISOString().slice(0, 10));
      const point = retentionPoint(beat.position, video.duration);
      const reach = (from: number, to: number, mask: number): number => {
        for (let i = from; i <= to; i++) {
          if (mask & (1 << i)) continue;
          mask |= 1 << i;
          t.reached[i]! += 1;
        }
        return mask;
      };
      let going = s && at - s.lastAt <= SESSION_IDLE_MS ? s : undefined;
      // Played to the end, then from the beginning again: a second viewing.
      if (going && going.reached & (1 << (RETENTION_POINTS - 1)) && point === 0 && beat.position < going.position)
        going = undefined;
      let reached: number;
      if (!going) {
        t.sessions += 1;
        reached = reach(beat.position <= STARTED_FROM_ZERO_SECONDS ? 0 : point, point, 0);
      } else {
        const wall = (at - going.lastAt) / 1000;
        const moved = beat.position - going.position;
        const played = going.playing && moved > 0 && moved <= wall * MAX_PLAYBACK_RATE + PLAY_SLACK_SECONDS;
        if (played) t.watchSeconds += Math.min(moved, wall);
        reached = reach(played ? retentionPoint(going.position, video.duration) : point, point, going.reached);
      }
      sessions.delete(key); // set again last: the map stays in order of last heard
      sessions.set(key, { lastAt: at, playing: beat.playing, position: beat.position, reached });
      if (sessions.size > MAX_SESSIONS) forgetSilent();
      if (flushMs <= 0) await flush();
      return true;
    },

    flush,

    /** Stops the timer and writes what is left (before the database closes). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
export type ProgressTracker = ReturnType<typeof createProgressTracker>;
