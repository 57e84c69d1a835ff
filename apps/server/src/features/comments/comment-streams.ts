import type { ServerResponse } from 'node:http';
import type { Comment } from '@streamhub/contract';
import type { LiveStreamNeeds } from '../../events/events.ts';
import { withMediaUrls } from '../../plugins/media-urls.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import type { CommentsService } from './comments.service.ts';

/** Chats one viewer may follow at once in one process: a user by account, anonymous viewers by address. */
export const STREAMS_PER_USER = 5;
/** Anonymous viewers behind one address (a household, an office's NAT) share this many. */
export const STREAMS_PER_ADDRESS = 50;
export const STREAMS_PER_PROCESS = 10_000;
/** Most comments a resumed chat is sent; beyond that the client reloads the list. */
export const REPLAY_MAX = 200;
/** A chat is closed after this long; the browser reconnects (and is asked the watch rule again) by itself. */
const STREAM_MAX_MS = 30 * 60_000;
/** What a refused (429) or ended stream's client waits before it tries again. */
export const RETRY_SECONDS = 3;
/** Ids remembered per stream so a comment read twice (replay and live) goes once. */
const SENT_MEMORY = 500;

/** Who follows a chat: a signed-in user's session (the chat ends with it), or an anonymous address. */
type Follower = { userId: string | null; sessionId: string | null; address: string };

interface Stream {
  videoId: string;
  viewerKey: string;
  userId: string | null;
  sessionId: string | null;
  res: ServerResponse;
  /** Live comments that arrived while the replay was being sent. */
  pending: Comment[] | null;
  sent: Set<string>;
  /** The newest comment sent: where a catch-up after a gap starts. */
  lastId: string | null;
  timer: NodeJS.Timeout;
}

/** Storage keys (the author's avatar) become URLs (`publicUrl`), as in every JSON answer. */
type Deps = LiveStreamNeeds & { comments: Pick<CommentsService, 'announced' | 'after'> };

/**
 * This process's open live chats (GET /api/comment/video/:videoId/stream, docs/live.md): the
 * comments section of one video delivered as it is written. Every process hears `comment.created`
 * and `comment.replied` on its one LISTEN connection and, when it has chats open, reads that
 * comment once as everyone sees it (a held or removed one goes to nobody) and sends it to the
 * chats of its video (event `comment`, its `_id` as the event id); `comment.deleted` goes out as
 * event `deleted` (no id: it cannot be replayed). A resumed chat (`Last-Event-ID`) is first sent
 * the comments written after that one. A comment line goes to every chat each `heartbeatMs`. A
 * video whose files went away (deleted, taken down, made exclusive) ends its chats: the browser
 * reconnects and the watch rule is asked again.
 */
export function createCommentStreams({ comments, events, heartbeatMs, publicUrl, log }: Deps) {
  const byVideo = new Map<string, Set<Stream>>();
  const perViewer = new Map<string, number>();
  let total = 0;
  let unsubscribe: (() => void)[] = [];

  const heartbeat = setInterval(() => {
    for (const streams of byVideo.values()) for (const s of streams) s.res.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function send(s: Stream, comment: Comment) {
    if (s.sent.has(comment._id)) return;
    s.sent.add(comment._id);
    if (s.sent.size > SENT_MEMORY) s.sent.delete(s.sent.values().next().value!);
    if (!s.lastId || comment._id > s.lastId) s.lastId = comment._id;
    s.res.write(`id: ${comment._id}\nevent: comment\ndata: ${JSON.stringify(withMediaUrls(comment, publicUrl))}\n\n`);
  }

  /**
   * Comments go out in the order their events came: each is read at once, but sent only after the
   * ones announced before it (a reply never overtakes the comment it answers), and a deletion
   * after them too.
   */
  let inOrder: Promise<void> = Promise.resolve();
  function inTurn(step: () => void | Promise<void>) {
    inOrder = inOrder.then(step);
  }

  function announce(commentId: string) {
    if (byVideo.size === 0) return;
    const read = comments.announced(commentId).catch((err: unknown) => {
      log.warn({ err: String(err) }, 'comment streams: comment not read');
      return null;
    });
    inTurn(async () => {
      const found = await read;
      for (const s of (found && byVideo.get(found.videoId)) || []) {
        if (s.pending) s.pending.push(found!.comment);
        else send(s, found!.comment);
      }
    });
  }

  function dropped(videoId: string | null, commentId: string, parentId: string | null) {
    for (const s of (videoId && byVideo.get(videoId)) || []) {
      s.res.write(`event: deleted\ndata: ${JSON.stringify({ _id: commentId, parentId })}\n\n`);
    }
  }

  /** After a gap (the LISTEN connection was lost): every chat gets what came after the last comment it was sent. */
  async function catchUp() {
    for (const streams of byVideo.values()) {
      for (const s of streams) {
        if (s.pending || !s.lastId) continue;
        try {
          for (const comment of await comments.after(s.videoId, s.lastId, REPLAY_MAX)) send(s, comment);
        } catch (err) {
          log.warn({ err: String(err) }, 'comment streams: catch-up not read');
        }
      }
    }
  }

  function endVideo(videoId: string) {
    for (const s of [...(byVideo.get(videoId) ?? [])]) s.res.end();
  }

  /** A signed-in viewer's chats end with their session (logout, suspension, password change…). */
  function endSessions(ended: { userId: string; sessionId: string | null; exceptSessionId: string | null }) {
    for (const streams of [...byVideo.values()]) {
      for (const s of [...streams]) {
        if (s.userId !== ended.userId) continue;
        if (ended.sessionId ? s.sessionId === ended.sessionId : s.sessionId !== ended.exceptSessionId) s.res.end();
      }
    }
  }

  function listen() {
    if (unsubscribe.length) return;
    unsubscribe = [
      events.on('comment.created', (e) => announce(e.payload.commentId)),
      events.on('comment.replied', (e) => announce(e.payload.commentId)),
      events.on('comment.deleted', (e) => inTurn(() => dropped(e.payload.videoId, e.payload.commentId, e.payload.parentId))),
      events.on('video.media.gone', (e) => endVideo(e.payload.videoId)),
      events.on('video.deleted', (e) => endVideo(e.payload.videoId)),
      events.on('sessions.ended', (e) => endSessions(e.payload)),
      events.onGap(() => void catchUp()),
    ];
  }

  function remove(s: Stream) {
    const streams = byVideo.get(s.videoId);
    if (!streams?.delete(s)) return;
    total -= 1;
    clearTimeout(s.timer);
    if (streams.size === 0) byVideo.delete(s.videoId);
    const left = (perViewer.get(s.viewerKey) ?? 1) - 1;
    if (left > 0) perViewer.set(s.viewerKey, left);
    else perViewer.delete(s.viewerKey);
  }

  /** `user:<id>` or `address:<ip>`: who a chat counts against. */
  const keyOf = (viewer: Pick<Follower, 'userId' | 'address'>) =>
    viewer.userId ? `user:${viewer.userId}` : `address:${viewer.address}`;

  return {
    /** Refuses a chat over the limits (429), before any header is written. */
    assertRoom(viewer: Pick<Follower, 'userId' | 'address'>) {
      const cap = viewer.userId ? STREAMS_PER_USER : STREAMS_PER_ADDRESS;
      if ((perViewer.get(keyOf(viewer)) ?? 0) >= cap || total >= STREAMS_PER_PROCESS) {
        throw new TooManyRequests(RETRY_SECONDS);
      }
    },

    /**
     * Serves one chat on `res` (headers already written; the watch rule already asked): replays
     * the comments after `lastEventId`, then live ones until the client goes or the server stops.
     */
    async open(videoId: string, viewer: Follower, res: ServerResponse, lastEventId: string | null) {
      listen();
      const s: Stream = {
        videoId,
        viewerKey: keyOf(viewer),
        userId: viewer.userId,
        sessionId: viewer.sessionId,
        res,
        pending: [],
        sent: new Set(),
        lastId: lastEventId,
        timer: setTimeout(() => res.end(), STREAM_MAX_MS),
      };
      const streams = byVideo.get(videoId) ?? new Set();
      byVideo.set(videoId, streams);
      streams.add(s);
      perViewer.set(s.viewerKey, (perViewer.get(s.viewerKey) ?? 0) + 1);
      total += 1;
      res.on('close', () => remove(s));
      // Registered first, so nothing written during the replay is missed; sent after it, in order.
      try {
        if (lastEventId !== null) for (const comment of await comments.after(videoId, lastEventId, REPLAY_MAX)) send(s, comment);
      } catch (err) {
        log.warn({ err: String(err) }, 'comment streams: replay not read');
        res.end();
      } finally {
        const live = s.pending ?? [];
        s.pending = null;
        for (const comment of live.sort((a, b) => (a._id < b._id ? -1 : 1))) send(s, comment);
      }
    },

    /** Open chats of this process. */
    count: () => total,

    /** Ends every chat (server shutdown): clients reconnect to another process. */
    close() {
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      for (const streams of [...byVideo.values()]) for (const s of [...streams]) s.res.end();
    },
  };
}
export type CommentStreams = ReturnType<typeof createCommentStreams>;
