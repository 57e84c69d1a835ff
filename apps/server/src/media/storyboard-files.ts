import fs from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from './binaries.ts';
import { rungPlaylistPath } from './ffmpeg-args.ts';
import { ffmpegFailure } from './ffmpeg-output.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import type { Rung } from './ladder.ts';
import { runProcess } from './run-process.ts';
import {
  buildStoryboardArgs,
  buildStoryboardVtt,
  framesIn,
  planStoryboard,
  STORYBOARD_DIR,
  STORYBOARD_VTT,
} from './storyboard.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

const SHEET_FILE = /^sheet_\d{3}\.jpg$/;

/**
 * Writes `storyboard/` into a transcoded video's folder from its finished lowest rung: the sprite
 * sheets first, the VTT track last and atomically, so a track that exists names only sheets that
 * exist. On failure the folder is removed and the error thrown.
 */
export async function writeStoryboard(options: {
  outDir: string;
  /** The lowest rung (its playlist must be complete). */
  rung: Pick<Rung, 'name' | 'width' | 'height'>;
  /** Every rung, largest first (where the lowest rung's files are depends on it). */
  ladder: readonly Pick<Rung, 'name'>[];
  durationSec: number;
  signal?: AbortSignal;
  /** CPU priority decrease of ffmpeg (0–19), as for the transcode. */
  nice?: number;
}): Promise<{ frames: number; sheets: number }> {
  const outDir = path.resolve(options.outDir);
  const folder = path.join(outDir, STORYBOARD_DIR);
  try {
    const playlistPath = rungPlaylistPath(options.rung, options.ladder);
    const playlist = parseMediaPlaylist(await fs.readFile(path.join(outDir, playlistPath), 'utf8'));
    if (!playlist.initUri || playlist.segments.length === 0) throw new Error('The lowest rendition has no segments');
    const plan = planStoryboard({ durationSec: options.durationSec, width: options.rung.width, height: options.rung.height });
    const args = buildStoryboardArgs(
      { rungDir: path.dirname(playlistPath), init: playlist.initUri, segments: playlist.segments.map((segment) => segment.uri) },
      plan,
    );
    await fs.rm(folder, { recursive: true, force: true });
    await fs.mkdir(folder, { recursive: true });
    const result = await runProcess(ffmpegPath(), args, { cwd: outDir, signal: options.signal, nice: options.nice });
    if (result.exitCode !== 0) throw ffmpegFailure(result.stderrTail, 'the storyboard could not be made');
    const sheets = (await fs.readdir(folder)).filter((name) => SHEET_FILE.test(name)).length;
    const frames = framesIn(plan, sheets);
    if (frames === 0) throw new Error('The storyboard has no frames');
    await writeFileAtomic(path.join(outDir, STORYBOARD_VTT), buildStoryboardVtt(plan, frames, options.durationSec));
    return { frames, sheets };
  } catch (error) {
    await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
