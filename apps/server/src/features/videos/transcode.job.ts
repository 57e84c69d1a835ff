import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { isDatabaseUnavailable, whileDatabaseUnavailable } from '../../db/unavailable.ts';
import { WorkerStopping, type JobHandlers } from '../../jobs/registry.ts';
import { probeMedia } from '../../media/probe.ts';
import { writeStoryboard } from '../../media/storyboard-files.ts';
import { clearOutputFolder, transcodeVideo } from '../../media/transcode.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { isLegacyExclusive, moveLegacyExclusiveFolder } from './legacy-folders.ts';
import { moveToStateFolder } from '../moderation/removed-media.job.ts';
import type { VideosRepo } from './videos.repo.ts';

interface Deps {
  repo: VideosRepo;
  storage: Storage;
  config: Config;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  metrics?: Pick<Metrics, 'transcoded'>;
}

const PROGRESS_EVERY_MS = 1000;

/** Where a worker encodes a video when storage is remote (uploaded at the end). */
export function transcodeWorkDir(config: Config, videoId: string): string {
  return path.join(config.dataDir, 'work', videoId);
}

/** Where a worker keeps the source it downloaded from remote storage, beside the work folder. */
function downloadedSourcePath(config: Config, videoId: string): string {
  return path.join(config.dataDir, 'work', `${videoId}.source`);
}

/**
 * `video.transcode`: source → HLS ladder + MP4 + storyboard (scrub previews) under `videos/<id>/`. Reloads the video by id and
 * does nothing if it is gone or already done; publishes as soon as the first rung plays; a
 * deletion mid-job aborts ffmpeg and removes what was written. The last failed attempt marks the
 * video `failed` with a reason its owner can read.
 *
 * Local storage: ffmpeg writes into the video's folder in storage and the video is listed as soon
 * as the lowest rung has a segment (its playlists grow while the rest encodes). Remote storage
 * (S3): the source is downloaded into a work folder beside it, ffmpeg writes there, and the
 * finished folder is uploaded (streamed, a few files at a time) before the video is listed, so
 * every object is written once, final, and cacheable by a CDN (docs/decisions.md, "Storage").
 *
 * Listing follows the files: a video is unlisted (back to `processing`) before its folder is
 * emptied, and listed only once a playable master exists. A database outage does not stop the
 * encoder: progress is skipped, publishing waits for the end, and the final state is written once
 * the database answers again. If it cannot be unlisted, its files stay until the retry unlists it.
 */
export function createTranscodeHandler({ repo, storage, config, log, metrics }: Deps): JobHandlers['video.transcode'] {
  return async ({ videoId }, ctx) => {
    const video = await repo.findById(videoId);
    if (!video || video.status === 'failed' || video.has_mp4 || !video.source_key) return;
    const sourceKey = video.source_key;
    const localSource = storage.localPath(sourceKey);
    const source = localSource ?? downloadedSourcePath(config, videoId);
    // An exclusive video from before migration 0009 leaves the public prefix before anything is written.
    const outKey = isLegacyExclusive(video) ? await moveLegacyExclusiveFolder(repo, storage, videoId) : video.media_key;
    const localOut = storage.localPath(outKey);
    // Local storage: write in place, so early rungs are served while later ones encode.
    // Remote storage: encode into a work folder and upload at the end.
    const outDir = localOut ?? transcodeWorkDir(config, videoId);

    const deletion = new AbortController();
    const signal = AbortSignal.any([ctx.signal, deletion.signal]);
    const gone = () => deletion.abort(new Error('The video was deleted'));
    const unlist = () => whileDatabaseUnavailable(() => repo.startProcessing(videoId), signal);

    try {
      if (!(await unlist())) return gone();
      // Kills a leftover encoder of an earlier attempt on this machine, then empties the folder.
      await clearOutputFolder(outDir);
      if (!localOut) {
        // What an earlier attempt may have uploaded before it failed, and the source to encode.
        await storage.deletePrefix(outKey);
        await storage.download(sourceKey, source);
      }
      const probe = await probeMedia(source);
      if (!probe) throw new Error('The file is not a readable video');

      let lastWrite = 0;
      const encodeStarted = performance.now();
      const result = await transcodeVideo({
        input: source,
        outDir,
        probe,
        signal,
        nice: config.encoderNice,
        onProgress: async (percent) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = now;
          if (!(await unlessUnavailable(repo.setProgress(videoId, Math.min(99, Math.floor(percent)))))) gone();
        },
        onFirstPlayable: async () => {
          if (localOut && !(await unlessUnavailable(repo.markPlayable(videoId)))) gone();
        },
      });
      metrics?.transcoded(result.rungs[0]!.name, (performance.now() - encodeStarted) / 1000, result.durationSec);
      await writePreviews(outDir, result, signal, config.encoderNice, (err) =>
        log.warn({ videoId, err: String(err) }, 'no storyboard'),
      );
      if (!localOut) await storage.putDirectory(outKey, outDir);
      signal.throwIfAborted();
      if (!(await whileDatabaseUnavailable(() => repo.markDone(videoId, result.durationSec), signal))) return gone();
      await storage.delete(sourceKey);
      // Taken down (or its owner suspended) while it encoded: finished, its files leave the public folder now.
      await moveToStateFolder(repo, storage, videoId);
      log.info({ videoId, rungs: result.rungs.map((r) => r.name) }, 'video transcoded');
    } catch (err) {
      if (deletion.signal.aborted || (await isGone(videoId))) return gone();
      const stopping = ctx.signal.reason instanceof WorkerStopping;
      if (ctx.isLastAttempt && !stopping) {
        await whileDatabaseUnavailable(() => repo.markFailed(videoId, failureReason(err)), ctx.signal);
        await clearOutputFolder(outDir);
        if (!localOut) await storage.deletePrefix(outKey);
        return;
      }
      if (!stopping) log.warn({ videoId, attempt: ctx.attempt, err: String(err) }, 'transcode attempt failed; will retry');
      // Unlisted until the retry; if the database cannot say so now, the files stay until then.
      if (await unlist().catch(() => false)) {
        await clearOutputFolder(outDir);
        if (!localOut) await storage.deletePrefix(outKey).catch(() => {});
      }
      throw err;
    } finally {
      if (deletion.signal.aborted) {
        await storage.deletePrefix(outKey);
        await storage.delete(sourceKey);
      }
      if (!localOut) await fs.rm(outDir, { recursive: true, force: true });
      if (!localSource) await fs.rm(source, { force: true });
    }
  };

  /** Deleted meanwhile; an unreachable database does not count as gone. */
  async function isGone(videoId: string): Promise<boolean> {
    return repo.findById(videoId).then(
      (v) => !v,
      () => false,
    );
  }
}

/** A state write that may be skipped during a database outage: true (carry on) when it was. */
async function unlessUnavailable(write: Promise<boolean>): Promise<boolean> {
  return write.catch((err: unknown) => {
    if (isDatabaseUnavailable(err)) return true;
    throw err;
  });
}

/**
 * Scrub previews from the finished lowest rung (a second or so of CPU per hour of video). A video
 * plays without them, so a failure is logged, not fatal; an abort (deletion, shutdown) is.
 */
async function writePreviews(
  outDir: string,
  result: Awaited<ReturnType<typeof transcodeVideo>>,
  signal: AbortSignal,
  nice: number,
  onFailure: (err: unknown) => void,
): Promise<void> {
  const lowest = result.rungs[result.rungs.length - 1]!;
  await writeStoryboard({ outDir, rung: lowest, durationSec: result.durationSec, signal, nice }).catch((err: unknown) => {
    if (signal.aborted) throw err;
    onFailure(err);
  });
}

/** A short reason for the owner: never paths or stack traces. */
function failureReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const clean = text.replace(/\/[^\s'"]+/g, '').trim();
  return `Processing failed: ${clean || 'the video could not be transcoded'}`.slice(0, 300);
}

/**
 * `video.transcode.dead`: the transcode job failed for good without its handler recording why
 * (the worker died or the job expired on its last attempt). The owner sees it failed, not forever
 * processing.
 */
export function createTranscodeDeadHandler({ repo }: Pick<Deps, 'repo'>): JobHandlers['video.transcode.dead'] {
  return async ({ videoId }) => {
    await repo.markFailedIfUnfinished(videoId, 'Processing failed: processing stopped before the video was finished');
  };
}
