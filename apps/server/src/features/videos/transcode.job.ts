import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Events } from '../../events/events.ts';
import { isDatabaseUnavailable, whileDatabaseUnavailable } from '../../db/unavailable.ts';
import { RetryLater, WorkerStopping, type JobHandlers } from '../../jobs/registry.ts';
import { OUTPUT_FILES } from '../../media/ffmpeg-args.ts';
import { publishFolder } from '../../media/publish-folder.ts';
import { probeMedia } from '../../media/probe.ts';
import { writeStoryboard } from '../../media/storyboard-files.ts';
import { writeThumbnailCandidates } from '../../media/thumbnail-candidate-files.ts';
import { candidateFile } from '../../media/thumbnail-candidates.ts';
import { clearOutputFolder, transcodeVideo } from '../../media/transcode.ts';
import { freeBytes, isDiskFull } from '../../storage/disk-space.ts';
import { isStorageUnreachable } from '../../storage/storage-unreachable.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { isLegacyExclusive, moveLegacyExclusiveFolder } from './legacy-folders.ts';
import { moveToStateFolder } from './move-video-folder.ts';
import type { VideoQueries, VideosRepo } from './videos.repo.ts';

interface Deps {
  repo: VideosRepo;
  storage: Storage;
  config: Config;
  /** A finished or failed video is announced in the transaction that records it, and a move of its files. */
  events: Pick<Events, 'publish'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  metrics?: Pick<Metrics, 'transcoded'>;
}

const PROGRESS_EVERY_MS = 1000;

/** Where a worker encodes a video (published or uploaded from there: see createTranscodeHandler). */
export function transcodeWorkDir(config: Config, videoId: string): string {
  return path.join(config.dataDir, 'work', videoId);
}

/** Where a worker keeps the source it downloaded from remote storage, beside the work folder. */
function downloadedSourcePath(config: Config, videoId: string): string {
  return path.join(config.dataDir, 'work', `${videoId}.source`);
}

/**
 * `video.transcode`: source → HLS ladder (its top rung's file is the MP4) + storyboard (scrub previews) under `videos/<id>/`. Reloads the video by id and
 * does nothing if it is gone or already done; publishes as soon as the first rung plays; a
 * deletion mid-job aborts ffmpeg and removes what was written. The last failed attempt marks the
 * video `failed` with a reason its owner can read.
 *
 * ffmpeg always writes into a work folder (DATA_DIR/work/<id>). Local storage: each lower rung's
 * playlist is published into the video's served folder with its file (a hard link) once every
 * byte range it names is written (media/transcode.ts), and the video is listed as soon as the
 * lowest rung has a segment; the finished folder (video.mp4, its playlist, master last) is moved
 * in at the end. Remote storage
 * (S3): the source is downloaded beside the work folder, and the finished folder is uploaded
 * (streamed, a few files at a time) before the video is listed, so every object is written once,
 * final, and cacheable by a CDN (docs/decisions.md, "Storage").
 *
 * Listing follows the files: a video is unlisted (back to `processing`) before its folder is
 * emptied, and listed only once a playable master exists. A database outage does not stop the
 * encoder: progress is skipped, publishing waits for the end, and the final state is written once
 * the database answers again. If it cannot be unlisted, its files stay until the retry unlists it;
 * they are whole files, so a listed video never serves a broken one.
 *
 * A full disk (ENOSPC from node or ffmpeg, PostgreSQL's disk_full) is waited out, not failed: the
 * work folder is removed (that frees space and needs none), the video unlisted if the database
 * can say so, and the job goes back to the queue without using a retry (RetryLater), to start
 * again once there is room (docs/decisions.md, "A full disk"). Unreachable storage (S3 refusing or
 * dropping connections, timing out, answering 5xx) is waited out the same way, for at most
 * STORAGE_OUTAGE_MAX_MINUTES; after that the video fails with that reason (docs/deploy.md). A
 * call to a bucket that stops answering ends after S3_TIMEOUT_SECONDS of silence (s3ClientConfig)
 * or, while an outage is waited out, when its ceiling passes (outageClock); its download and upload
 * end with the job (deletion, stop, expiry). A video that fails for good loses
 * its partial files and its source whether or not its `failed` state could be written.
 */
export function createTranscodeHandler({ repo, storage, config, events, log, metrics }: Deps): JobHandlers['video.transcode'] {
  // How often a job met by a full disk looks again for room.
  const diskFullRetrySeconds = Math.max(1, config.jobs.retryDelaySeconds);
  const disk = {
    /**
     * Whether a failed attempt is the disk's fault: an error that says so, or any failure while
     * DATA_DIR is below MIN_FREE_DISK_MB (ffmpeg may report a full disk as an unfinished rendition,
     * or not at all). Such a failure is waited out, never counted against the video.
     */
    async fullOrLow(err: unknown): Promise<boolean> {
      if (isDiskFull(err)) return true;
      return freeBytes(config.dataDir).then(
        (free) => free < config.minFreeDiskBytes,
        () => false,
      );
    },
  };
  return async ({ videoId }, ctx) => {
    const video = await repo.findById(videoId);
    if (!video || video.status === 'failed' || video.has_mp4 || !video.source_key) return;
    const sourceKey = video.source_key;
    const localSource = storage.localPath(sourceKey);
    const source = localSource ?? downloadedSourcePath(config, videoId);
    // An exclusive video from before migration 0009 leaves the public prefix before anything is written.
    const outKey = isLegacyExclusive(video)
      ? await moveLegacyExclusiveFolder({ repo, storage, events }, videoId)
      : video.media_key;
    const localOut = storage.localPath(outKey);
    const outDir = transcodeWorkDir(config, videoId);

    const deletion = new AbortController();
    const signal = AbortSignal.any([ctx.signal, deletion.signal]);
    const gone = () => deletion.abort(new Error('The video was deleted'));
    /** A change of whether the video is listed, announced in its transaction (lists show it at once). */
    const listing = (change: (tx: VideoQueries) => Promise<boolean>) => () =>
      repo.transaction(async (tx, trx) => {
        const changed = await change(tx);
        if (changed) await events.publish(trx, 'video.changed', { videoId });
        return changed;
      });
    const unlist = () => whileDatabaseUnavailable(databaseFullAsDiskFull(listing((tx) => tx.startProcessing(videoId))), signal);
    // Waiting out a storage outage, its ceiling is a clock (outageClock): a call that hangs before
    // the storage answers again is abandoned when it passes.
    const outage = outageClock(config.storageOutageMaxMs);
    if (ctx.waiting?.reason === STORAGE_UNREACHABLE) outage.start(ctx.waiting.since.getTime());
    const storageSignal = AbortSignal.any([signal, outage.signal]);
    // Whether the storage answered in this attempt: an outage after that is a new one.
    let answered = false;

    try {
      if (!(await unlist())) return gone();
      // Kills a leftover encoder of an earlier attempt on this machine, then empties the folders.
      await clearOutputFolder(outDir);
      if (localOut) await clearOutputFolder(localOut);
      else {
        // What an earlier attempt may have uploaded before it failed, and the source to encode.
        await storage.deletePrefix(outKey, { signal: storageSignal });
        // The storage answered: the outage is over, and a download of any length is no part of it.
        outage.stop();
        answered = true;
        await storage.download(sourceKey, source, { signal });
      }
      const probe = await probeMedia(source);
      if (!probe) throw new Error('The file is not a readable video');

      let lastWrite = 0;
      const encodeStarted = performance.now();
      const result = await transcodeVideo({
        input: source,
        outDir,
        // Local storage: early rungs are served (named bytes only) while later ones encode.
        publishDir: localOut ?? undefined,
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
          if (localOut && !(await unlessUnavailable(listing((tx) => tx.markPlayable(videoId))()))) gone();
        },
      });
      metrics?.transcoded(result.rungs[0]!.name, (performance.now() - encodeStarted) / 1000, result.durationSec);
      const candidates = await writePreviews(outDir, result, signal, config.encoderNice, (err, what) =>
        log.warn({ videoId, err: String(err) }, `no ${what}`),
      );
      signal.throwIfAborted();
      // The master playlist last: once it names every rung, every file it leads to is in place.
      if (localOut) await publishFolder(outDir, localOut, [OUTPUT_FILES.mp4, OUTPUT_FILES.topPlaylist, OUTPUT_FILES.master]);
      else await storage.putDirectory(outKey, outDir, { signal });
      signal.throwIfAborted();
      // A live's replay: its first candidate instead of the dark placeholder, unless its owner chose a thumbnail.
      const replayThumbnail =
        video.is_live && video.thumbnail_placeholder && candidates > 0 ? await copyCandidate(storage, outKey, videoId) : null;
      let replacedPlaceholder: string | undefined;
      // Its disk full, PostgreSQL cannot record it: the job comes back later (the published files are whole meanwhile).
      const markDone = databaseFullAsDiskFull(() =>
        repo.transaction(async (tx, trx) => {
          const done = await tx.markDone(videoId, result.durationSec, candidates);
          if (done && replayThumbnail) replacedPlaceholder = await tx.replacePlaceholderThumbnail(videoId, replayThumbnail);
          // Once per video (a finished one is never encoded again): its uploader and its channel's
          // subscribers hear of it; those of a scheduled one at its time (scheduled-publishing.ts),
          // those of a live when its stream started (its replay is announced to its owner only).
          if (done) await events.publish(trx, 'video.ready', { videoId });
          if (done && !done.scheduled && !video.is_live) await events.publish(trx, 'video.published', { videoId });
          return Boolean(done);
        }),
      );
      if (!(await whileDatabaseUnavailable(markDone, signal))) return gone();
      if (replayThumbnail) await storage.delete(replacedPlaceholder ?? replayThumbnail).catch(() => {});
      await storage.delete(sourceKey);
      // Taken down (or its owner suspended) while it encoded: finished, its files leave the public folder now.
      await moveToStateFolder({ repo, storage, events }, videoId);
      log.info({ videoId, rungs: result.rungs.map((r) => r.name) }, 'video transcoded');
    } catch (err) {
      if (deletion.signal.aborted || (await isGone(videoId))) return gone();
      const stopping = ctx.signal.reason instanceof WorkerStopping;
      if (!stopping && (await disk.fullOrLow(err))) {
        log.warn({ videoId, err: String(err) }, 'disk full: the transcode waits for space');
        // One try: a database that cannot write either leaves the video as it is (its served files are whole).
        if (await listing((tx) => tx.startProcessing(videoId))().catch(() => false)) await removeServed(outKey);
        throw new RetryLater(diskFullRetrySeconds, 'disk full');
      }
      // Storage unreachable (S3 down, 5xx, not answering): waited out like a full disk, up to
      // STORAGE_OUTAGE_MAX_MINUTES, whose clock may have abandoned a call that hung.
      let outageTooLong: Error | undefined;
      if (!stopping && (outage.signal.aborted || isStorageUnreachable(err))) {
        const since = ctx.waiting?.reason === STORAGE_UNREACHABLE && !answered ? ctx.waiting.since.getTime() : Date.now();
        if (!outage.signal.aborted && Date.now() - since < config.storageOutageMaxMs) {
          log.warn({ videoId, err: String(err) }, 'storage unreachable: the transcode waits for it');
          outage.start(since);
          if (await listing((tx) => tx.startProcessing(videoId))().catch(() => false)) await removeServed(outKey, storageSignal);
          if (!outage.signal.aborted)
            throw new RetryLater(diskFullRetrySeconds, STORAGE_UNREACHABLE, { since: answered ? 'now' : 'kept' });
        }
        outageTooLong = new Error(
          `the storage could not be reached for ${Math.round(config.storageOutageMaxMs / 60_000)} minutes`,
        );
      }
      if ((ctx.isLastAttempt || outageTooLong) && !stopping) {
        const removeAll = async () => {
          await removeServed(outKey);
          // Failed by an outage, the source stays: its owner can retry once the storage is back.
          if (!outageTooLong) await storage.delete(sourceKey).catch(() => {});
        };
        try {
          await whileDatabaseUnavailable(
            databaseFullAsDiskFull(() =>
              repo.transaction(async (tx, trx) => {
                await tx.markFailed(videoId, failureReason(outageTooLong ?? err));
                await events.publish(trx, 'video.failed', { videoId });
              }),
            ),
            ctx.signal,
          );
        } catch (writeError) {
          // A database that reads but cannot write (its disk full) still lists the video: its
          // whole files stay, and the failure is recorded on a later run, without using a retry.
          if (isDiskFull(writeError)) throw new RetryLater(diskFullRetrySeconds, 'database disk full');
          // Anything else (an outage past the job's expiry): nothing of it is kept all the same.
          await removeAll();
          throw writeError;
        }
        // Failed for good: nothing of it is kept.
        await removeAll();
        return;
      }
      if (!stopping) log.warn({ videoId, attempt: ctx.attempt, err: String(err) }, 'transcode attempt failed; will retry');
      // Unlisted until the retry; if the database cannot say so now, the files stay until then.
      if (await unlist().catch(() => false)) await removeServed(outKey);
      throw err;
    } finally {
      outage.stop();
      if (deletion.signal.aborted) {
        await storage.deletePrefix(outKey);
        await storage.delete(sourceKey);
      }
      // Always, whatever the database says: it frees the space an attempt used, and needs none.
      await fs.rm(outDir, { recursive: true, force: true });
      if (!localSource) await fs.rm(source, { force: true });
    }
  };

  /** The video's published files (removing needs no free space); a failure is left for the next attempt. */
  async function removeServed(outKey: string, signal?: AbortSignal) {
    await storage.deletePrefix(outKey, { signal }).catch(() => {});
  }

  /** Deleted meanwhile; an unreachable database does not count as gone. */
  async function isGone(videoId: string): Promise<boolean> {
    return repo.findById(videoId).then(
      (v) => !v,
      () => false,
    );
  }
}

/** The RetryLater reason of a transcode waiting for its storage (JobContext.waiting). */
const STORAGE_UNREACHABLE = 'storage unreachable';

/**
 * STORAGE_OUTAGE_MAX_MINUTES as a clock for one attempt. The ceiling is otherwise checked when a
 * storage call fails, and a call to a bucket that stopped answering fails only after its request
 * timeouts (S3_TIMEOUT_SECONDS, for each of the SDK's attempts): counting from `since` (when the
 * storage was first found unreachable), `signal` aborts when the ceiling passes, so a call still
 * waiting then is abandoned and the video fails on time. A ceiling already past when the attempt
 * starts is not counted: its calls get their own timeouts, as the storage may be back. Stopped
 * for good once the storage answers.
 */
function outageClock(maxMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    signal: controller.signal,
    start(since: number) {
      const left = since + maxMs - Date.now();
      if (stopped || timer || left <= 0) return;
      timer = setTimeout(() => controller.abort(new Error('The storage outage lasted past its ceiling')), left);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * PostgreSQL's disk full (53100) as a full disk of ours rather than an outage: a state write the
 * job cannot go on without is not waited out inside the handler (the job's expiry would cut the
 * wait short and use a retry) but sends the job back to the queue (RetryLater), whose outcome
 * write waits it out.
 */
function databaseFullAsDiskFull<T>(write: () => Promise<T>): () => Promise<T> {
  return () =>
    write().catch((err: unknown) => {
      if (isDiskFull(err) && isDatabaseUnavailable(err)) {
        throw Object.assign(new Error('The database has no space left'), { code: 'ENOSPC' });
      }
      throw err;
    });
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
/**
 * The storyboard and the thumbnail candidates; a failure of either leaves the video without it
 * (logged), never fails the transcode. Answers how many candidates were written.
 */
async function writePreviews(
  outDir: string,
  result: Awaited<ReturnType<typeof transcodeVideo>>,
  signal: AbortSignal,
  nice: number,
  onFailure: (err: unknown, what: string) => void,
): Promise<number> {
  const lowest = result.rungs[result.rungs.length - 1]!;
  const unlessFatal = (what: string) => (err: unknown) => {
    // A full disk is waited out like everywhere else, not taken as "no previews".
    if (signal.aborted || isDiskFull(err)) throw err;
    onFailure(err, what);
    return 0;
  };
  await writeStoryboard({ outDir, rung: lowest, ladder: result.rungs, durationSec: result.durationSec, signal, nice }).catch(
    unlessFatal('storyboard'),
  );
  return writeThumbnailCandidates({ outDir, file: OUTPUT_FILES.mp4, durationSec: result.durationSec, signal, nice }).catch(
    unlessFatal('thumbnail candidates'),
  );
}

/** The first thumbnail candidate of the video's published folder, stored as a new thumbnail; its key. */
async function copyCandidate(storage: Storage, folder: string, videoId: string): Promise<string | null> {
  const read = await storage.read(`${folder}/${candidateFile(0)}`);
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(chunk as Buffer);
  const key = mediaKeys.thumbnail(videoId);
  await storage.putBuffer(key, Buffer.concat(chunks));
  return key;
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
export function createTranscodeDeadHandler({
  repo,
  storage,
  events,
}: Pick<Deps, 'repo' | 'storage' | 'events'>): JobHandlers['video.transcode.dead'] {
  return async ({ videoId }) => {
    const failed = await repo.transaction(async (tx, trx) => {
      const marked = await tx.markFailedIfUnfinished(
        videoId,
        'Processing failed: processing stopped before the video was finished',
      );
      if (marked) await events.publish(trx, 'video.failed', { videoId });
      return marked;
    });
    if (!failed) return;
    // Failed for good, like a failure its handler saw: nothing of it is kept (it holds no slot either).
    await storage.deletePrefix(failed.media_key);
    if (failed.source_key) await storage.delete(failed.source_key);
  };
}
