import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startRtmpServer, type RtmpServer } from '../../media/live-rtmp-server.ts';
import type { Storage } from '../../storage/storage.ts';
import { createIngestLead } from './ingest-lead.ts';
import type { LiveRepo } from './live.repo.ts';
import { createReplayMaker } from './live-replay.ts';
import { createLiveRuns } from './live-runs.ts';

export { NOTHING_RECORDED } from './live-replay.ts';

/** How often a process that does not ingest asks again (the one that does may have stopped). */
const LEAD_RETRY_MS = 5000;
/** How often the ingest looks at the database: ended lives, lost streams, replays to make. */
const SWEEP_MS = 2000;

interface Deps {
  db: Db;
  repo: LiveRepo;
  storage: Storage;
  config: Config;
  events: Pick<Events, 'publish' | 'on'>;
  queue: Pick<JobQueue, 'send' | 'nudge'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The live ingest (docs/live.md), in processes that run jobs, made of three parts: who ingests
 * (ingest-lead.ts: one process at a time, by a PostgreSQL advisory lock), the lives being received
 * (live-runs.ts: publishes, encoders, segments, the grace period) and their replays
 * (live-replay.ts). This file listens on RTMP_PORT while this process leads, and sweeps: lives
 * that ended or went stop, lives without a heartbeat for the grace period (a killed ingest) end,
 * ended lives get their replay.
 */
export function createLiveIngest({ db, repo, storage, config, events, queue, log }: Deps) {
  let server: RtmpServer | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let toldBindFailure = false;
  const replays = createReplayMaker({ repo, storage, config, queue, log });
  const runs = createLiveRuns({ repo, storage, config, events, log, onEnded: () => void sweep() });

  async function listen() {
    try {
      runs.open();
      server = await startRtmpServer({
        port: config.live.rtmpPort,
        host: config.host,
        onPublish: runs.onPublish,
        onWrongApp: runs.onWrongApp,
        log,
      });
    } catch (err) {
      // Said once (not every 5 s while another program holds the port).
      if (!toldBindFailure)
        log.error({ err: String(err), port: config.live.rtmpPort }, 'RTMP ingest could not listen; trying again every 5 s');
      toldBindFailure = true;
      throw err;
    }
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
    await runs.stopAll();
  }

  const lead = createIngestLead({
    db,
    retryMs: LEAD_RETRY_MS,
    log,
    lead: listen,
    unlead: unlisten,
    leading: () => server !== null,
  });

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
    for (const videoId of runs.ids()) {
      const row = await repo.find(videoId);
      if (!row) await runs.stop(videoId, true);
      else if (row.status === 'removed' || row.live_state === 'ended') await runs.stop(videoId);
    }
    for (const videoId of await repo.abandoned(config.live.graceMs)) {
      if (!runs.has(videoId)) await runs.end(videoId);
    }
    for (const videoId of await repo.awaitingReplay()) {
      if (!runs.has(videoId)) await replays.makeOnce(videoId);
    }
    await repo.forgetViewers();
  }

  return {
    /** Starts taking part: listens when this process holds the ingest lock, else asks again every few seconds. */
    start: () => lead.start(),

    /** Stops listening and every stream (their recordings stay for the replay), and gives the lock up. */
    async stop() {
      await lead.stop();
      await sweeping;
    },

    /** The RTMP port this process listens on; null when another process ingests. */
    port: (): number | null => server?.port ?? null,

    /** ffmpeg's pid and speed of a live this process encodes now (bench/live.ts). */
    encoderStats: (videoId: string) => runs.encoderStats(videoId),
  };
}
export type LiveIngest = ReturnType<typeof createLiveIngest>;
