import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import { probeMedia } from '../../media/probe.ts';
import { writeStoryboard } from '../../media/storyboard-files.ts';
import { transcodeVideo } from '../../media/transcode.ts';
import type { Storage } from '../../storage/storage.ts';
import type { VideosRepo } from './videos.repo.ts';

interface Deps {
  repo: VideosRepo;
  storage: Storage;
  config: Config;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const PROGRESS_EVERY_MS = 1000;

/**
 * `video.transcode`: source → HLS ladder + MP4 + storyboard (scrub previews) under `videos/<id>/`. Reloads the video by id and
 * does nothing if it is gone or already done; publishes as soon as the first rung plays; a
 * deletion mid-job aborts ffmpeg and removes what was written. The last failed attempt marks the
 * video `failed` with a reason its owner can read.
 */
export function createTranscodeHandler({ repo, storage, config, log }: Deps): JobHandlers['video.transcode'] {
  return async ({ videoId }, ctx) => {
    const video = await repo.findById(videoId);
    if (!video || video.status === 'failed' || video.has_mp4 || !video.source_key) return;
    const source = storage.localPath(video.source_key);
    const outKey = `videos/${videoId}`;
    const localOut = storage.localPath(outKey);
    // Local storage: write in place, so early rungs are served while later ones encode.
    // Remote storage: encode into a work folder and upload at the end.
    const outDir = localOut ?? path.join(config.dataDir, 'work', videoId);
    if (!source) throw new Error('Remote sources are not supported by this worker');

    const abort = new AbortController();
    const onOuterAbort = () => abort.abort();
    ctx.signal.addEventListener('abort', onOuterAbort);
    let deleted = false;
    const gone = () => {
      deleted = true;
      abort.abort();
    };

    try {
      await fs.rm(outDir, { recursive: true, force: true }); // leftovers of an earlier attempt
      await fs.mkdir(outDir, { recursive: true });
      if (!(await repo.startProcessing(videoId))) return gone();
      const probe = await probeMedia(source);
      if (!probe) throw new Error('The file is not a readable video');

      let lastWrite = 0;
      const result = await transcodeVideo({
        input: source,
        outDir,
        probe,
        signal: abort.signal,
        onProgress: async (percent) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = now;
          if (!(await repo.setProgress(videoId, Math.min(99, Math.floor(percent))))) gone();
        },
        onFirstPlayable: async () => {
          if (localOut && !(await repo.markPlayable(videoId))) gone();
        },
      });
      await writePreviews(outDir, result, abort.signal, (err) => log.warn({ videoId, err: String(err) }, 'no storyboard'));
      if (!localOut) await storage.putDirectory(outKey, outDir);
      if (!(await repo.markDone(videoId, result.durationSec))) return gone();
      await storage.delete(video.source_key);
      log.info({ videoId, rungs: result.rungs.map((r) => r.name) }, 'video transcoded');
    } catch (err) {
      if (deleted) return;
      if (ctx.isLastAttempt) {
        await repo.markFailed(videoId, failureReason(err));
        return;
      }
      log.warn({ videoId, attempt: ctx.attempt, err: String(err) }, 'transcode attempt failed; will retry');
      // Published early, its files are gone now: back to processing (unlisted) until the retry.
      await repo.startProcessing(videoId);
      throw err;
    } finally {
      ctx.signal.removeEventListener('abort', onOuterAbort);
      if (deleted) {
        await storage.deletePrefix(outKey);
        await storage.delete(video.source_key);
      }
      if (!localOut) await fs.rm(outDir, { recursive: true, force: true });
    }
  };
}

/**
 * Scrub previews from the finished lowest rung (a second or so of CPU per hour of video). A video
 * plays without them, so a failure is logged, not fatal; an abort (deletion, shutdown) is.
 */
async function writePreviews(
  outDir: string,
  result: Awaited<ReturnType<typeof transcodeVideo>>,
  signal: AbortSignal,
  onFailure: (err: unknown) => void,
): Promise<void> {
  const lowest = result.rungs[result.rungs.length - 1]!;
  await writeStoryboard({ outDir, rung: lowest, durationSec: result.durationSec, signal }).catch((err: unknown) => {
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
