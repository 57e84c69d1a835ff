import type { ServerResponse } from 'node:http';
import type { NotificationItem } from '@streamhub/contract';
import type { LiveStreamNeeds } from '../../events/events.ts';
import { withMediaUrls } from '../../plugins/media-urls.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Streams one user may hold open in one process (tabs, devices), and all of one process's. */
export const STREAMS_PER_USER = 5;
export const STREAMS_PER_PROCESS = 10_000;
/** Most notifications a reconnecting stream is sent; beyond that the client reloads the list. */
export const REPLAY_MAX = 100;
/** A stream is closed after this long; the browser reconnects (and signs in again) by itself. */
const STREAM_MAX_MS = 30 * 60_000;
/** What a refused (429) or ended stream's client waits before it tries again. */
export const RETRY_SECONDS = 3;
/** Ids remembered per stream so a notification in two overlapping announcements goes once. */
const SENT_MEMORY = 500;

interface Stream {
  userId: string;
  /** The session it was opened with: it ends with it (`sessions.ended`). */
  sessionId: string;
  res: ServerResponse;
  /** Live items that arrived while the replay was being sent. */
  pending: NotificationItem[] | null;
  sent: Set<string>;
  /** The client's Last-Event-ID: it has everything up to it (a late announcement of one is not sent again). */
  since: number;
  lastId: number;
  timer: NodeJS.Timeout;
}

/** Storage keys (avatar, thumbnail) become URLs (`publicUrl`), as in every JSON answer. */
type Deps = LiveStreamNeeds & { notifications: Pick<NotificationsService, 'news' | 'after'> };

/**
 * This process's open notification streams (GET /api/notifications/stream, docs/notifications.md).
 * Writers announce each write or fan-out batch with one `notifications.created` event (the ids it
 * made); every process hears it on its one LISTEN connection and reads, in one query, the new
 * notifications of the users it has streams for. A gap (the connection was lost) replays each
 * stream from the last id it sent. A comment line goes to every stream each `heartbeatMs`.
 */
export function createNotificationStreams({ notifications, events, heartbeatMs, publicUrl, log }: Deps) {
  const byUser = new Map<string, Set<Stream>>();
  let total = 0;
  let unsubscribe: (() => void)[] = [];

  const heartbeat = setInterval(() => {
    for (const streams of byUser.values()) for (const s of streams) s.res.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function send(s: Stream, item: NotificationItem) {
    if (s.sent.has(item._id) || Number(item._id) <= s.since) return;
    s.sent.add(item._id);
    if (s.sent.size > SENT_MEMORY) s.sent.delete(s.sent.values().next().value!);
    s.lastId = Math.max(s.lastId, Number(item._id));
    s.res.write(`id: ${item._id}\nevent: notification\ndata: ${JSON.stringify(withMediaUrls(item, publicUrl))}\n\n`);
  }

  function deliver(s: Stream, item: NotificationItem) {
    if (s.pending) s.pending.push(item);
    else send(s, item);
  }

  async function announce(fromId: number, toId: number) {
    if (byUser.size === 0) return;
    try {
      for (const { userId, item } of await notifications.news([...byUser.keys()], fromId, toId)) {
        for (const s of byUser.get(userId) ?? []) deliver(s, item);
      }
    } catch (err) {
      log.warn({ err: String(err) }, 'notification streams: news not read');
    }
  }

  /** After a gap: every stream gets what came after the last id it sent. */
  async function catchUp() {
    for (const streams of byUser.values()) {
      for (const s of streams) {
        if (s.pending) continue;
        try {
          for (const item of await notifications.after(s.userId, s.lastId, REPLAY_MAX)) send(s, item);
        } catch (err) {
          log.warn({ err: String(err) }, 'notification streams: catch-up not read');
        }
      }
    }
  }

  function listen() {
    if (unsubscribe.length) return;
    unsubscribe = [
      events.on('notifications.created', (e) => void announce(e.payload.fromId, e.payload.toId)),
      events.on('sessions.ended', (e) => endSessions(e.payload)),
      events.onGap(() => void catchUp()),
    ];
  }

  /** Ends the streams of sessions that ended (logout, suspension, password change…) at once. */
  function endSessions(ended: { userId: string; sessionId: string | null; exceptSessionId: string | null }) {
    for (const s of [...(byUser.get(ended.userId) ?? [])]) {
      if (ended.sessionId ? s.sessionId === ended.sessionId : s.sessionId !== ended.exceptSessionId) s.res.end();
    }
  }

  function remove(s: Stream) {
    const streams = byUser.get(s.userId);
    if (!streams?.delete(s)) return;
    total -= 1;
    clearTimeout(s.timer);
    if (streams.size === 0) byUser.delete(s.userId);
  }

  return {
    /** Refuses a stream over the limits (429), before any header is written. */
    assertRoom(userId: string) {
      // A closed stream frees its place at once; the browser retries after RETRY_SECONDS.
      if ((byUser.get(userId)?.size ?? 0) >= STREAMS_PER_USER || total >= STREAMS_PER_PROCESS) {
        throw new TooManyRequests(RETRY_SECONDS);
      }
    },

    /**
     * Serves one stream on `res` (headers already written): replays what came after
     * `lastEventId`, then live notifications until the client goes, its session ends or the
     * server stops.
     */
    async open(viewer: { userId: string; sessionId: string }, res: ServerResponse, lastEventId: number | null) {
      listen();
      const { userId } = viewer;
      const s: Stream = {
        userId,
        sessionId: viewer.sessionId,
        res,
        pending: [],
        sent: new Set(),
        since: lastEventId ?? 0,
        lastId: lastEventId ?? 0,
        timer: setTimeout(() => res.end(), STREAM_MAX_MS),
      };
      const streams = byUser.get(userId) ?? new Set();
      byUser.set(userId, streams);
      streams.add(s);
      total += 1;
      res.on('close', () => remove(s));
      // Registered first, so nothing announced during the replay is missed; sent after it, in order.
      try {
        if (lastEventId !== null) {
          for (const item of await notifications.after(userId, lastEventId, REPLAY_MAX)) send(s, item);
        }
      } catch (err) {
        log.warn({ err: String(err) }, 'notification streams: replay not read');
        res.end();
      } finally {
        const live = s.pending ?? [];
        s.pending = null;
        for (const item of live.sort((a, b) => Number(a._id) - Number(b._id))) send(s, item);
      }
    },

    /** Open streams of this process. */
    count: () => total,

    /** Ends every stream (server shutdown): clients reconnect to another process. */
    close() {
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      for (const streams of [...byUser.values()]) for (const s of [...streams]) s.res.end();
    },
  };
}
export type NotificationStreams = ReturnType<typeof createNotificationStreams>;
