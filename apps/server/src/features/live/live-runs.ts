import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Events } from '../../events/events.ts';
import { LIVE_FOLDER } from '../../media/live-args.ts';
import { createLiveEncoder, type LiveEncoder } from '../../media/live-encoder.ts';
import { createLivePublisher, type LivePublisher } from '../../media/live-publisher.ts';
import type { LiveSegment } from '../../media/live-playlist.ts';
import type { IngestSink } from '../../media/live-rtmp-server.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LiveRepo } from './live.repo.ts';
import { listRecordings, liveWorkDir } from './live-replay.ts';
import { keyMatches, videoIdOfKey } from './stream-keys.ts';

/** A refused publish is noted for its live's owner at most this often. */
const REFUSAL_NOTE_MS = 2_000;
/** How often a stream's new segments are stored and its playlists rewritten. */
const SYNC_MS = 500;
/** How often a live stream tells the database that its ingest is alive. */
const HEARTBEAT_MS = 5000;

interface Deps {
  repo: LiveRepo;
  storage: Storage;
  config: Config;
  events: Pick<Events, 'publish'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** A live was ended here (its grace period ran out): the ingest looks at the database at once. */
  onEnded(): void;
}

/** One live this process ingests: its publishes so far, the one arriving now, and its timers. */
interface LiveRun {
  videoId: string;
  folderKey: string;
  publish: number;
  segments: Map<string, LiveSegment[]>;
  encoder: LiveEncoder | null;
  publisher: LivePublisher | null;
  close: (() => void) | null;
  /** Marked live in the database (its first segments are stored). */
  live: boolean;
  timers: NodeJS.Timeout[];
  grace: NodeJS.Timeout | null;
  /** Resolves once the publish arriving now has stopped and its last segments are stored. */
  stopped: Promise<void>;
}

/**
 * The lives this process ingests (docs/live.md): it accepts a publish whose key matches, encodes
 * it (media/live-encoder.ts), stores its segments as they come (media/live-publisher.ts), marks
 * the live `live` once it plays, beats its heartbeat, and when the publisher goes for
 * LIVE_GRACE_SECONDS ends it (the ingest then makes its replay, live-replay.ts). A publisher that
 * comes back within the grace period continues the same live after a discontinuity.
 */
export function createLiveRuns({ repo, storage, config, events, log, onEnded }: Deps) {
  const runs = new Map<string, LiveRun>();
  /** Lives whose publish is being decided: a second publisher meanwhile is refused. */
  const deciding = new Set<string>();
  let stopping = false;

  /**
   * A refused publish that names a live (its key, or an older one, holds the live's id): noted for
   * its owner's page, at most once per live every REFUSAL_NOTE_MS (a flood of bad keys costs no
   * more than that).
   */
  const lastNoted = new Map<string, number>();
  function noteRefused(videoId: string, reason: 'path' | 'key') {
    const now = Date.now();
    if (now - (lastNoted.get(videoId) ?? 0) < REFUSAL_NOTE_MS) return;
    lastNoted.set(videoId, now);
    if (lastNoted.size > 10_000) lastNoted.clear();
    repo.noteRefused(videoId, reason).catch((err: unknown) => log.warn({ err: String(err) }, 'a refused publish was not noted'));
  }

  /** A publish to `live/<key>` with the key again as the stream (OBS's Server field holding the whole URL). */
  function onWrongApp(app: string, name: string) {
    const videoId = videoIdOfKey(name) ?? videoIdOfKey(app.split('/').at(-1) ?? '');
    if (videoId) noteRefused(videoId, 'path');
  }

  /** A publish of `key`: accepted when it matches its live's key, and no one else publishes it. */
  async function onPublish(key: string, connection: { close(): void }): Promise<IngestSink | null> {
    const videoId = videoIdOfKey(key);
    if (stopping || !videoId || deciding.has(videoId) || runs.get(videoId)?.close) return null;
    deciding.add(videoId);
    try {
      const row = await repo.find(videoId);
      if (!row) return null;
      if (!keyMatches(key, row.stream_key_hash)) {
        noteRefused(videoId, 'key');
        return null;
      }
      if (row.status === 'removed' || (row.live_state !== 'waiting' && row.live_state !== 'live')) return null;
      if (runs.get(videoId)?.close) return null;
      const run = runs.get(videoId) ?? (await newRun(videoId, `${row.media_key}/${LIVE_FOLDER}`));
      runs.set(videoId, run);
      return startPublish(run, connection.close);
    } finally {
      deciding.delete(videoId);
    }
  }

  async function newRun(videoId: string, folderKey: string): Promise<LiveRun> {
    // A live continued after a restart goes on numbering its publishes (each has its own recording).
    const recordings = await listRecordings(config, videoId);
    return {
      videoId,
      folderKey,
      publish: recordings.length,
      segments: new Map(),
      encoder: null,
      publisher: null,
      close: null,
      live: false,
      timers: [],
      grace: null,
      stopped: Promise.resolve(),
    };
  }

  function startPublish(run: LiveRun, close: () => void): IngestSink {
    if (run.grace) clearTimeout(run.grace);
    run.grace = null;
    run.publish += 1;
    run.close = close;
    const workDir = liveWorkDir(config, run.videoId);
    const recordingPath = path.join(workDir, 'recording', `s${run.publish}.flv`);
    let ready: Promise<void> = fs.mkdir(path.dirname(recordingPath), { recursive: true }).then(() => {});
    let encoder: LiveEncoder | null = null;
    const pending: Parameters<IngestSink['write']>[0][] = [];
    ready = ready.then(() => {
      encoder = createLiveEncoder({
        workDir,
        publish: run.publish,
        recordingPath,
        preset: config.live.preset,
        onStart: (rungs) => {
          const publisher = createLivePublisher({
            storage,
            workDir,
            folderKey: run.folderKey,
            rungs,
            publish: run.publish,
            window: config.live.windowSegments,
            segments: run.segments,
          });
          run.publisher = publisher;
          const written = publisher.writeMaster();
          run.timers.push(setInterval(() => void written.then(() => syncRun(run, publisher)), SYNC_MS));
        },
        onFailure: (reason) => {
          log.warn({ videoId: run.videoId, reason }, 'live publish cut');
          close();
        },
      });
      run.encoder = encoder;
      for (const tag of pending.splice(0)) encoder.write(tag);
    });
    run.timers.push(setInterval(() => void repo.heartbeat(run.videoId).catch(() => {}), HEARTBEAT_MS));
    let resolveStopped!: () => void;
    run.stopped = new Promise((resolve) => (resolveStopped = resolve));
    return {
      write(tag) {
        if (encoder) encoder.write(tag);
        else pending.push(tag);
      },
      end() {
        void ready.then(() => publishEnded(run, resolveStopped));
      },
    };
  }

  /** Stores new segments; the first time every rung plays, the live is marked `live`. */
  async function syncRun(run: LiveRun, publisher: LivePublisher, ended = false) {
    try {
      const playable = await publisher.sync(ended);
      if (playable && !run.live && !ended) {
        run.live = true;
        await markLive(run.videoId);
      }
    } catch (err) {
      log.warn({ videoId: run.videoId, err: String(err) }, 'live segments not stored yet');
    }
  }

  async function markLive(videoId: string) {
    await repo.transaction(async (tx, trx) => {
      const started = await tx.markLive(videoId);
      if (!started) return;
      await events.publish(trx, 'video.changed', { videoId });
      // Once per live: its channel's subscribers hear that it started (its replay announces nothing again).
      if (started.first) await events.publish(trx, 'video.published', { videoId });
    });
    log.info({ videoId }, 'live started');
  }

  /** The publisher went: its encoder finishes, its last segments are stored, then the grace period runs. */
  async function publishEnded(run: LiveRun, resolveStopped: () => void) {
    run.close = null;
    for (const timer of run.timers.splice(0)) clearInterval(timer);
    run.encoder?.end();
    await run.encoder?.finished;
    if (run.publisher) await syncRun(run, run.publisher);
    run.encoder = null;
    await repo.heartbeat(run.videoId).catch(() => {});
    resolveStopped();
    if (stopping || !runs.has(run.videoId)) return;
    run.grace = setTimeout(() => void end(run.videoId), config.live.graceMs);
  }

  /** Ends a live (grace period over, or its ingest lost): unlisted until its replay is made. */
  async function end(videoId: string) {
    await repo
      .transaction(async (tx, trx) => {
        if (await tx.markEnded(videoId)) await events.publish(trx, 'video.changed', { videoId });
      })
      .catch((err: unknown) => log.warn({ videoId, err: String(err) }, 'live not ended yet'));
    await stop(videoId);
    onEnded();
  }

  /** Stops what this process does for a live: the publish arriving (cut), its encoder, its timers; playlists closed. */
  async function stop(videoId: string, gone = false) {
    const run = runs.get(videoId);
    if (!run) return;
    if (run.grace) clearTimeout(run.grace);
    run.close?.();
    await run.stopped;
    if (run.grace) clearTimeout(run.grace);
    runs.delete(videoId);
    if (!gone) {
      if (run.publisher) await run.publisher.sync(true).catch(() => false);
      return;
    }
    // Deleted while streaming: whatever was stored after the delete removed its folder goes too, and its recording.
    await storage.deletePrefix(run.folderKey).catch(() => {});
    await fs.rm(liveWorkDir(config, videoId), { recursive: true, force: true });
  }

  return {
    onPublish,
    onWrongApp,
    /** Accepts publishes (again). */
    open() {
      stopping = false;
    },
    end,
    stop,
    /** Stops every run (their recordings stay for the replay); no publish is accepted until `open`. */
    async stopAll() {
      stopping = true;
      await Promise.all([...runs.keys()].map((id) => stop(id)));
    },
    has: (videoId: string) => runs.has(videoId),
    ids: () => [...runs.keys()],
    /** ffmpeg's pid and speed of a live this process encodes now (bench/live.ts). */
    encoderStats: (videoId: string) => runs.get(videoId)?.encoder?.stats() ?? null,
  };
}
export type LiveRuns = ReturnType<typeof createLiveRuns>;
