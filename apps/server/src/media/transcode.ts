import fs from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from './binaries.ts';
import { buildTranscodeArgs, OUTPUT_FILES, rungPlaylistPath, type SourceProbe, type X264Preset } from './ffmpeg-args.ts';
import { ffmpegFailure, parseProgress } from './ffmpeg-output.ts';
import { buildMasterPlaylist, bytesNamed, measureBandwidth } from './hls-playlist.ts';
import { parseMediaPlaylist, type MediaPlaylist } from '@streamhub/contract';
import { buildLadder, type Rung } from './ladder.ts';
import { runProcess, stopProcessesIn } from './run-process.ts';
import { freeBytes } from '../storage/disk-space.ts';
import { linkGrowing } from './publish-folder.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

export type TranscodeOptions = {
  input: string;
  /** Where ffmpeg writes (its working directory). */
  outDir: string;
  /**
   * Where a reader finds the video while it encodes (the local driver's served folder), when not
   * `outDir`: each lower rung's playlist is published here, with the file it names (a hard link,
   * growing with ffmpeg's), only once every byte range it names is written; master.m3u8 as well.
   * ffmpeg never writes a name here, so a full disk or a crash cannot leave a served playlist that
   * names missing bytes. The top rung (`video.mp4`) is not: it is the progressive file, which
   * appears under its name only whole. The finished folder is moved here by the caller
   * (`publishFolder`) once complete.
   */
  publishDir?: string;
  /** From probeMedia: its demuxer is forced on the source again. */
  probe: SourceProbe;
  signal?: AbortSignal;
  /** 0–100 as ffmpeg advances; 100 once everything is written. A rejection fails the transcode. */
  onProgress?: (percent: number) => void | Promise<void>;
  /** Once master.m3u8 exists (lowest rung has a segment). A rejection fails the transcode. */
  onFirstPlayable?: () => void | Promise<void>;
  preset?: X264Preset;
  /** CPU priority decrease of ffmpeg (0–19), so that it yields to a web server on the same machine. */
  nice?: number;
};

export type TranscodeResult = {
  /** With BANDWIDTH figures measured from the written segments. */
  rungs: Rung[];
  masterPath: typeof OUTPUT_FILES.master;
  mp4Path: typeof OUTPUT_FILES.mp4;
  durationSec: number;
};

const POLL_MS = 200;
// Below this share of the probed duration, the source was cut short or damaged mid-way.
const MIN_DECODED_SHARE = 0.9;

/**
 * Transcodes a probed source into `outDir`:
 *   master.m3u8, the top rung as video.m3u8 + video.mp4, each lower rung as <name>/index.m3u8 +
 *   <name>/media.mp4 (one fragmented MP4 per rung, segments named by byte ranges).
 * master.m3u8 appears as soon as the lowest rung has a segment and grows as other rungs get
 * theirs, so the video plays while it encodes (in `publishDir` when given, see there). On failure or abort it rejects once ffmpeg has
 * exited, with a short reason without paths; what was written stays for the caller, who may have
 * published it (onFirstPlayable) and so must unpublish before removing it (`clearOutputFolder`).
 */
export async function transcodeVideo(options: TranscodeOptions): Promise<TranscodeResult> {
  const input = path.resolve(options.input);
  const outDir = path.resolve(options.outDir);
  const { probe } = options;
  const rungs = buildLadder(probe);
  // A callback that fails stops ffmpeg through the same path as an abort from the caller.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  signal.throwIfAborted();

  // Leftovers of an earlier attempt would look like finished rungs to the publisher.
  await removeOutputs(outDir, rungs);
  const publishDir = options.publishDir ? path.resolve(options.publishDir) : null;
  const dirs = publishDir ? [outDir, publishDir] : [outDir];
  if (publishDir) await removeOutputs(publishDir, rungs);
  // The top rung's files sit in the folder itself; every other rung has a folder of its own.
  const folders = ['.', ...rungs.slice(1).map((rung) => rung.name)];
  await Promise.all(dirs.flatMap((dir) => folders.map((name) => fs.mkdir(path.join(dir, name), { recursive: true }))));

  const publisher = createMasterPublisher(outDir, rungs, options.onFirstPlayable, publishDir);
  const progress = createProgressReporter(probe.durationSec, options.onProgress, (error) => stop.abort(error));
  let running = true;
  const watching = (async () => {
    while (running && !signal.aborted) {
      await publisher.check();
      await assertSpaceLeft(outDir);
      await sleep(POLL_MS);
    }
  })().catch((error: unknown) => stop.abort(error));

  try {
    const args = buildTranscodeArgs({ input, probe, rungs, preset: options.preset });
    const result = await runProcess(ffmpegPath(), args, { cwd: outDir, signal, onStdout: progress.feed, nice: options.nice });
    running = false;
    await watching;
    signal.throwIfAborted();
    if (result.exitCode !== 0) throw ffmpegFailure(result.stderrTail);

    const playlists = await readFinishedPlaylists(outDir, rungs);
    const durationSec = round3(sum(playlists[0]!.segments.map((segment) => segment.durationSec)));
    const lowest = sum(playlists[playlists.length - 1]!.segments.map((segment) => segment.durationSec));
    if (lowest < probe.durationSec * MIN_DECODED_SHARE - 0.5) {
      throw new Error(
        `The video is truncated or damaged: only ${lowest.toFixed(1)} s of ${probe.durationSec.toFixed(1)} s could be read`,
      );
    }
    const measured = await Promise.all(rungs.map((rung, i) => withMeasuredBandwidth(outDir, rungs, rung, playlists[i]!)));
    await publisher.finish(measured);
    await progress.finish();
    return { rungs: measured, masterPath: OUTPUT_FILES.master, mp4Path: OUTPUT_FILES.mp4, durationSec };
  } catch (error) {
    running = false;
    await watching;
    await progress.settled();
    throw error;
  }
}

/**
 * ffmpeg's HLS and MP4 muxers do not stop on a failed write: on a full disk it goes on encoding
 * into files it cannot write, and may even exit 0. So the disk is watched instead: no space left
 * stops the encode with ENOSPC (a full disk, waited out by the job), not "not completed".
 */
async function assertSpaceLeft(dir: string): Promise<void> {
  if ((await freeBytes(dir)) > 0) return;
  throw Object.assign(new Error('No space left on device'), { code: 'ENOSPC' });
}

/**
 * Makes `outDir` an empty folder that no encoder writes: a leftover ffmpeg of an earlier attempt
 * (still running in it on this machine) is killed first, then everything in it is removed.
 */
export async function clearOutputFolder(outDir: string): Promise<void> {
  await stopProcessesIn(outDir);
  await fs.rm(outDir, { recursive: true, force: true });
  await fs.mkdir(outDir, { recursive: true });
}

/**
 * Writes master.m3u8 as rungs get their first segment and tells the caller once it exists. With
 * `publishDir`, also publishes each rung there as ffmpeg's playlist grows (`publishRung`); master
 * then goes there as well.
 */
function createMasterPublisher(
  outDir: string,
  rungs: readonly Rung[],
  onFirstPlayable: TranscodeOptions['onFirstPlayable'],
  publishDir: string | null,
) {
  const available = new Set<string>();
  const lowest = rungs[rungs.length - 1]!.name;
  const top = rungs[0]!.name;
  const masterFile = path.join(publishDir ?? outDir, OUTPUT_FILES.master);
  /** Segments of each rung already published. */
  const published = new Map<string, number>();
  let notified = false;

  /**
   * The rung's playlist as ffmpeg last wrote it, published with the file it names once every byte
   * range it names is on disk (ffmpeg may write the playlist before its last fragment has left
   * its buffers); a file cut short (a full disk) leaves the served playlist at its last whole
   * version.
   */
  async function publishRung(rung: Rung, text: string, playlist: MediaPlaylist): Promise<boolean> {
    if (playlist.segments.length <= (published.get(rung.name) ?? 0)) return false;
    const playlistPath = rungPlaylistPath(rung, rungs);
    const from = path.join(outDir, path.dirname(playlistPath));
    const to = path.join(publishDir!, path.dirname(playlistPath));
    const needed = bytesNamed(playlist);
    for (const [name, bytes] of needed) {
      const size = await fs.stat(path.join(from, name)).then(
        (s) => s.size,
        () => 0,
      );
      if (size < bytes) return false;
    }
    for (const [name, bytes] of needed) await linkGrowing(path.join(from, name), path.join(to, name), bytes);
    await writeFileAtomic(path.join(publishDir!, playlistPath), text);
    published.set(rung.name, playlist.segments.length);
    return true;
  }

  async function notify() {
    if (notified) return;
    notified = true;
    await onFirstPlayable?.();
  }

  return {
    async check() {
      let changed = false;
      for (const rung of rungs) {
        if (available.has(rung.name) && !publishDir) continue;
        // The progressive file is served only whole: the top rung joins the served master at the end.
        if (publishDir && rung.name === top) continue;
        const text = await fs.readFile(path.join(outDir, rungPlaylistPath(rung, rungs)), 'utf8').catch(() => null);
        const playlist = text === null ? null : parseMediaPlaylist(text);
        if (!playlist || playlist.segments.length === 0) continue;
        if (publishDir && !(await publishRung(rung, text!, playlist))) continue;
        if (!available.has(rung.name)) {
          available.add(rung.name);
          changed = true;
        }
      }
      // Smallest first: it is the one a slow connection needs, and the cheapest to wait for.
      if (!changed || !available.has(lowest)) return;
      await writeFileAtomic(masterFile, buildMasterPlaylist(rungs, [...available]));
      await notify();
    },
    /** The final master, in `outDir` (published with the rest of the folder by the caller). */
    async finish(finalRungs: readonly Rung[]) {
      await writeFileAtomic(
        path.join(outDir, OUTPUT_FILES.master),
        buildMasterPlaylist(
          finalRungs,
          finalRungs.map((rung) => rung.name),
        ),
      );
      // With a separate served folder, it is the caller's to publish (and announce) the whole folder.
      if (!publishDir) await notify();
    },
  };
}

/**
 * Turns ffmpeg's progress blocks into percent calls, one at a time: while the callback is busy
 * only the latest value is kept, so a slow database write never queues up.
 */
function createProgressReporter(
  durationSec: number,
  onProgress: TranscodeOptions['onProgress'],
  onError: (error: unknown) => void,
) {
  let buffered = '';
  let reported = -1;
  let pending: number | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;

  function report(percent: number) {
    if (!onProgress) return;
    pending = percent;
    if (busy) return;
    busy = true;
    inFlight = (async () => {
      while (pending !== null) {
        const next = pending;
        pending = null;
        await onProgress(next);
      }
    })()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }

  return {
    feed(text: string) {
      buffered += text;
      const end = buffered.lastIndexOf('progress=');
      if (end < 0) return;
      const lineEnd = buffered.indexOf('\n', end);
      if (lineEnd < 0) return;
      const parsed = parseProgress(buffered.slice(0, lineEnd));
      buffered = buffered.slice(lineEnd + 1);
      if (parsed?.outTimeSec == null || durationSec <= 0) return;
      // 100 is kept for the end, when every file is in place.
      const percent = Math.min(99, Math.floor((parsed.outTimeSec / durationSec) * 100));
      if (percent > reported) {
        reported = percent;
        report(percent);
      }
    },
    settled: () => inFlight,
    async finish() {
      await inFlight;
      await onProgress?.(100);
    },
  };
}

async function readFinishedPlaylists(outDir: string, rungs: readonly Rung[]): Promise<MediaPlaylist[]> {
  return Promise.all(
    rungs.map(async (rung) => {
      const playlist = parseMediaPlaylist(await fs.readFile(path.join(outDir, rungPlaylistPath(rung, rungs)), 'utf8'));
      if (!playlist.ended || playlist.segments.length === 0) {
        throw new Error(`The ${rung.name} rendition was not completed`);
      }
      return playlist;
    }),
  );
}

async function withMeasuredBandwidth(outDir: string, rungs: readonly Rung[], rung: Rung, playlist: MediaPlaylist): Promise<Rung> {
  const folder = path.join(outDir, path.dirname(rungPlaylistPath(rung, rungs)));
  const segments = await Promise.all(
    playlist.segments.map(async (segment) => ({
      durationSec: segment.durationSec,
      bytes: segment.range?.length ?? (await fs.stat(path.join(folder, segment.uri))).size,
    })),
  );
  const measured = measureBandwidth(segments);
  return measured ? { ...rung, ...measured } : rung;
}

async function removeOutputs(outDir: string, rungs: readonly Rung[]): Promise<void> {
  const targets = [OUTPUT_FILES.master, OUTPUT_FILES.mp4, OUTPUT_FILES.topPlaylist, ...rungs.map((rung) => rung.name)];
  await Promise.all(targets.map((target) => fs.rm(path.join(outDir, target), { recursive: true, force: true })));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
