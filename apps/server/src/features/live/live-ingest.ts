import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ffmpegPath } from '../../media/binaries.ts';
import { LIVE_FOLDER } from '../../media/live-args.ts';
import { createLiveEncoder, type LiveEncoder } from '../../media/live-encoder.ts';
import { createLivePublisher, type LivePublisher } from '../../media/live-publisher.ts';
import type { LiveSegment } from '../../media/live-playlist.ts';
import { startRtmpServer, type IngestSink, type RtmpServer } from '../../media/live-rtmp-server.ts';
import { probeMedia } from '../../media/probe.ts';
import { runProcess } from '../../media/run-process.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LiveRepo } from './live.repo.ts';
import { keyMatches, videoIdOfKey } from './stream-keys.ts';

/** Session advisory lock of the one process that ingests (0x5352_4d48_5542_0023: "SRMHUB", 0x23). */
const INGEST_LOCK_KEY = '6003946226301665315';
/** How often a process that does not ingest asks again (the one that does may have stopped). */
const LEAD_RETRY_MS = 5000;
/** A refused publish is noted for its live's owner at most this often. */
const REFUSAL_NOTE_MS = 2_000;
/** How often the ingest looks at the database: ended lives, lost streams, replays to make. */
const SWEEP_MS = 2000;
/** How often a stream's new segments are stored and its playlists rewritten. */
const SYNC_MS = 500;
/** How often a live stream tells the database that its ingest is alive. */
const HEARTBEAT_MS = 5000;
export const NOTHING_RECORDED = 'The stream ended before anything was recorded';

interface Deps {
  db: Db;
  repo: LiveRepo;
  storage: Storage;
  config: Config;
  events: Pick<Events, 'publish' | 'on'>;
  queue: Pick<JobQueue, 'send' | 'nudge'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
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

/** Where a live's encoder works and its recordings are kept until the replay is made. */
export function liveWorkDir(config: Config, videoId: string): string {
  return path.join(config.dataDir, 'work', 'live', videoId);
}

/**
 * The live ingest (docs/live.md): in processes that run jobs, the one holding a PostgreSQL
 * advisory lock listens on RTMP_PORT; the others wait to take over (a second replica cannot bind
 * the port, and two ingests would encode one stream twice). It accepts a publish whose key
 * matches, encodes it (media/live-encoder.ts), stores its segments as they come
 * (media/live-publisher.ts), marks the live `live` once it plays, beats its heartbeat, and when
 * the stream stops for LIVE_GRACE_SECONDS (or the owner ends it, or a killed ingest left it)
 * ends it and makes its recording the source of an ordinary transcode: the replay.
 */
export function createLiveIngest({ db, repo, storage, config, events, queue, log }: Deps) {
  const runs = new Map<string, LiveRun>();
  /** Lives whose publish is being decided: a second publisher meanwhile is refused. */
  const deciding = new Set<string>();
  const replaying = new Set<string>();
  let server: RtmpServer | null = null;
  let stopping = false;
  let releaseLead: (() => void) | null = null;
  let leadTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let toldWaiting = false;
  let toldBindFailure = false;
  let unsubscribe: (() => void) | null = null;

  /**
   * Takes the ingest lock on a pooled connection held until `stop`. A connection that fails (a
   * database restart, a network blip) loses the lock but not the streams: this process goes on
   * listening and encoding, and takes the lock again as soon as the database answers. Only when
   * another process holds it by then does this one stop (that one ingests now).
   */
  let trying = false;
  /** The last try to lead: while it leads, it ends only once the ingest has stopped and the lock is given back. */
  let attempt: Promise<void> = Promise.resolve();
  function tryToLead() {
    if (stopping || releaseLead || trying) return;
    trying = true;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    attempt = db
      .connection()
      .execute(async (conn) => {
        const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${INGEST_LOCK_KEY}::bigint) AS ok`
          .execute(conn)
          .finally(() => (trying = false));
        if (!rows[0]?.ok) {
          if (server) {
            log.warn({}, 'RTMP ingest taken over by another process while the database was away; this one stops');
            await unlisten();
          }
          return false;
        }
        if (stopping) {
          // Stopped while asking: give the lock straight back (nothing would release it later).
          await sql`SELECT pg_advisory_unlock(${INGEST_LOCK_KEY}::bigint)`.execute(conn).catch(() => {});
          return true;
        }
        releaseLead = release;
        if (server) log.info({}, 'RTMP ingest holds its database lock again');
        else {
          try {
            await listen();
          } catch (err) {
            // Said once (not every 5 s while another program holds the port).
            if (!toldBindFailure)
              log.error({ err: String(err), port: config.live.rtmpPort }, 'RTMP ingest could not listen; trying again every 5 s');
            toldBindFailure = true;
            await sql`SELECT pg_advisory_unlock(${INGEST_LOCK_KEY}::bigint)`.execute(conn).catch(() => {});
            releaseLead = null;
            return false;
          }
        }
        // Held while the connection answers.
        for (;;) {
          const timeout = new Promise<'tick'>((resolve) => setTimeout(() => resolve('tick'), LEAD_RETRY_MS).unref());
          if ((await Promise.race([released.then(() => 'released' as const), timeout])) === 'released') break;
          const alive = await sql`SELECT 1`.execute(conn).then(
            () => true,
            () => false,
          );
          if (!alive) {
            // The lock went with the connection; the streams stay (see above).
            log.warn({}, 'RTMP ingest lost its database connection; keeps its streams and takes the lock again');
            releaseLead = null;
            return true;
          }
        }
        await unlisten();
        await sql`SELECT pg_advisory_unlock(${INGEST_LOCK_KEY}::bigint)`.execute(conn).catch(() => {});
        releaseLead = null;
        return true;
      })
      .then(
        (led) => {
          if (!led && !toldWaiting && !stopping && !server) {
            toldWaiting = true;
            log.info({}, 'RTMP ingest runs in another process; this one takes over if it stops');
          }
        },
        (err: unknown) => {
          trying = false;
          releaseLead = null;
          log.warn({ err: String(err) }, 'RTMP ingest lock not taken; trying again later');
        },
      );
  }

  async function listen() {
    server = await startRtmpServer({ port: config.live.rtmpPort, host: config.host, onPublish, onWrongApp, log });
    toldBindFailure = false;
    log.info({ port: server.port }, 'RTMP ingest listening');
    sweepTimer = setInterval(() => void sweep(), SWEEP_MS);
    // An owner's end, a takedown or a delete: look at once rather than at the next sweep.
    const look = (event: { payload: { videoId: string } }) => {
      if (runs.has(event.payload.videoId)) void sweep();
    };
    const offs = [events.on('video.changed', look), events.on('video.deleted', look)];
    unsubscribe = () => offs.forEach((off) => off());
    void sweep();
  }

  async function unlisten() {
    if (sweepTimer) clearInterval(sweepTimer);
    sweepTimer = null;
    unsubscribe?.();
    unsubscribe = null;
    await server?.close();
    server = null;
    await Promise.all([...runs.keys()].map((id) => stopRun(id)));
  }

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
    if (!videoId || deciding.has(videoId) || runs.get(videoId)?.close) return null;
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
    const recordings = await listRecordings(videoId);
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
    run.grace = setTimeout(() => void endLive(run.videoId), config.live.graceMs);
  }

  /** Ends a live (grace period over, or its ingest lost) and makes its replay. */
  async function endLive(videoId: string) {
    await repo
      .transaction(async (tx, trx) => {
        if (await tx.markEnded(videoId)) await events.publish(trx, 'video.changed', { videoId });
      })
      .catch((err: unknown) => log.warn({ videoId, err: String(err) }, 'live not ended yet'));
    await stopRun(videoId);
    void sweep();
  }

  /** Stops what this process does for a live: the publish arriving (cut), its encoder, its timers; playlists closed. */
  async function stopRun(videoId: string, gone = false) {
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

  /**
   * The database's view, every SWEEP_MS: lives this process runs that ended (their owner) or went
   * (deleted, taken down) stop; lives `live` without a heartbeat for the grace period (a killed
   * ingest) end; ended lives without a replay get one.
   */
  let sweeping: Promise<void> | null = null;
  function sweep(): Promise<void> {
    sweeping ??= sweepOnce()
      .catch((err: unknown) => log.warn({ err: String(err) }, 'live sweep failed'))
      .finally(() => (sweeping = null));
    return sweeping;
  }

  async function sweepOnce() {
    for (const videoId of runs.keys()) {
      const row = await repo.find(videoId);
      if (!row) await stopRun(videoId, true);
      else if (row.status === 'removed' || row.live_state === 'ended') await stopRun(videoId);
    }
    for (const videoId of await repo.abandoned(config.live.graceMs)) {
      if (!runs.has(videoId)) await endLive(videoId);
    }
    for (const videoId of await repo.awaitingReplay()) {
      if (!runs.has(videoId) && !replaying.has(videoId)) await makeReplay(videoId);
    }
    await repo.forgetViewers();
  }

  async function listRecordings(videoId: string): Promise<string[]> {
    const dir = path.join(liveWorkDir(config, videoId), 'recording');
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const numbered = names.map((name) => ({ name, n: Number(/^s(\d+)\.flv$/.exec(name)?.[1]) })).filter((r) => r.n > 0);
    return numbered.sort((a, b) => a.n - b.n).map((r) => path.join(dir, r.name));
  }

  /**
   * The replay: the recordings of every publish, joined without re-encoding into one Matroska
   * file, become the video's source, and the ordinary transcode makes it a ready video with the
   * full ladder and MP4 (same id). Nothing recorded: the live fails with a reason its owner reads.
   */
  async function makeReplay(videoId: string) {
    replaying.add(videoId);
    const workDir = liveWorkDir(config, videoId);
    try {
      const recordings = await listRecordings(videoId);
      const sizes = await Promise.all(recordings.map((file) => fs.stat(file).then((s) => s.size)));
      // A recording of the FLV header alone holds nothing.
      if (sizes.every((size) => size < 1024)) {
        await repo.markNothingRecorded(videoId, NOTHING_RECORDED);
        await fs.rm(workDir, { recursive: true, force: true });
        log.info({ videoId }, 'live ended without a recording');
        return;
      }
      const list = path.join(workDir, 'recordings.txt');
      await fs.writeFile(list, recordings.map((file) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n'));
      const replay = path.join(workDir, 'replay.mkv');
      // Our own list of our own files: the concat demuxer reads nothing else (file protocol only).
      const joined = await runProcess(ffmpegPath(), [
        ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'concat', '-safe', '0'],
        ...['-protocol_whitelist', 'file', '-i', `file:${list}`, '-map', '0:v', '-map', '0:a?', '-c', 'copy', replay],
      ]);
      if (joined.exitCode !== 0) throw new Error(`the recording could not be joined: ${joined.stderrTail.join(' / ')}`);
      const probe = await probeMedia(replay);
      if (!probe) throw new Error('the joined recording is not a readable video');
      const size = (await fs.stat(replay)).size;
      const sourceKey = mediaKeys.source(videoId);
      await storage.putFile(sourceKey, replay);
      const queued = await repo.transaction(async (tx, trx) => {
        if (!(await tx.setReplaySource(videoId, sourceKey, size))) return false;
        await queue.send(
          'video.transcode',
          { videoId },
          { trx, expireInSeconds: Math.ceil(config.jobs.expireBaseSeconds + 4 * probe.durationSec) },
        );
        return true;
      });
      if (queued) queue.nudge('video.transcode');
      await fs.rm(workDir, { recursive: true, force: true });
      log.info({ videoId, bytes: size }, 'live replay queued');
    } catch (err) {
      log.error({ videoId, err: String(err) }, 'live replay not made; tried again at the next sweep');
    } finally {
      replaying.delete(videoId);
    }
  }

  return {
    /** Starts taking part: listens when this process holds the ingest lock, else asks again every few seconds. */
    start() {
      stopping = false;
      tryToLead();
      leadTimer = setInterval(tryToLead, LEAD_RETRY_MS);
      leadTimer.unref();
    },

    /** Stops listening and every stream (their recordings stay for the replay), and gives the lock up. */
    async stop() {
      stopping = true;
      if (leadTimer) clearInterval(leadTimer);
      leadTimer = null;
      releaseLead?.();
      // Bounded: a database that does not answer must not hold a stop forever.
      await Promise.race([attempt, new Promise((r) => setTimeout(r, 15_000).unref())]);
      // Listening without the lock (its connection failed and the database has not answered since).
      if (server) await unlisten();
      await sweeping;
    },

    /** The RTMP port this process listens on; null when another process ingests. */
    port: (): number | null => server?.port ?? null,

    /** ffmpeg's pid and speed of a live this process encodes now (bench/live.ts). */
    encoderStats: (videoId: string) => runs.get(videoId)?.encoder?.stats() ?? null,
  };
}
export type LiveIngest = ReturnType<typeof createLiveIngest>;
