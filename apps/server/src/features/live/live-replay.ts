import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ffmpegPath } from '../../media/binaries.ts';
import { probeMedia } from '../../media/probe.ts';
import { runProcess } from '../../media/run-process.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LiveRepo } from './live.repo.ts';

export const NOTHING_RECORDED = 'The stream ended before anything was recorded';

/** Where a live's encoder works and its recordings are kept until the replay is made. */
export function liveWorkDir(config: Pick<Config, 'dataDir'>, videoId: string): string {
  return path.join(config.dataDir, 'work', 'live', videoId);
}

/** A live's recordings (one per publish, `s<n>.flv`), in the order they were made. */
export async function listRecordings(config: Pick<Config, 'dataDir'>, videoId: string): Promise<string[]> {
  const dir = path.join(liveWorkDir(config, videoId), 'recording');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const numbered = names.map((name) => ({ name, n: Number(/^s(\d+)\.flv$/.exec(name)?.[1]) })).filter((r) => r.n > 0);
  return numbered.sort((a, b) => a.n - b.n).map((r) => path.join(dir, r.name));
}

interface Deps {
  repo: LiveRepo;
  storage: Storage;
  config: Config;
  queue: Pick<JobQueue, 'send' | 'nudge'>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The replay of an ended live: the recordings of every publish, joined without re-encoding into
 * one Matroska file, become the video's source, and the ordinary transcode makes it a ready video
 * with the full ladder and MP4 (same id). Nothing recorded: the live fails with a reason its owner
 * reads. One at a time per live in this process; a failure is tried again at the next sweep.
 */
export function createReplayMaker({ repo, storage, config, queue, log }: Deps) {
  const making = new Set<string>();

  async function make(videoId: string) {
    making.add(videoId);
    const workDir = liveWorkDir(config, videoId);
    try {
      const recordings = await listRecordings(config, videoId);
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
      making.delete(videoId);
    }
  }

  return {
    /** Makes the replay of `videoId` unless this process is making it already. */
    async makeOnce(videoId: string) {
      if (!making.has(videoId)) await make(videoId);
    },
  };
}
export type ReplayMaker = ReturnType<typeof createReplayMaker>;
