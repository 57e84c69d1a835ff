import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegPath } from './binaries.ts';
import { ffmpegFailure } from './ffmpeg-output.ts';
import { runProcess } from './run-process.ts';
import {
  buildCandidateFrameArgs,
  CANDIDATE_DIR,
  candidateFile,
  chooseCandidates,
  frameFile,
  SAMPLED_FRAMES,
  type FrameStats,
} from './thumbnail-candidates.ts';

/** A candidate as the thumbnail is stored (lib/images.ts THUMBNAIL_SIZE is larger; a frame is 640 wide). */
const CANDIDATE_QUALITY = 82;

/**
 * Writes `candidates/` into a transcoded video's folder: samples frames of its finished MP4, keeps
 * the three that show most (media/thumbnail-candidates.ts) as WebP and deletes the rest. Answers
 * how many it wrote. On failure the folder is removed and the error thrown.
 */
export async function writeThumbnailCandidates(options: {
  outDir: string;
  /** The MP4's name in the folder. */
  file: string;
  durationSec: number;
  signal?: AbortSignal;
  /** CPU priority decrease of ffmpeg (0–19), as for the transcode. */
  nice?: number;
}): Promise<number> {
  const outDir = path.resolve(options.outDir);
  const folder = path.join(outDir, CANDIDATE_DIR);
  try {
    await fs.rm(folder, { recursive: true, force: true });
    await fs.mkdir(folder, { recursive: true });
    const args = buildCandidateFrameArgs({ file: options.file, durationSec: options.durationSec });
    const result = await runProcess(ffmpegPath(), args, { cwd: outDir, signal: options.signal, nice: options.nice });
    if (result.exitCode !== 0) throw ffmpegFailure(result.stderrTail, 'no frames could be taken');
    const stats: FrameStats[] = [];
    for (let n = 1; n <= SAMPLED_FRAMES; n++) {
      const file = path.join(outDir, frameFile(n));
      const measured = await sharp(file)
        .greyscale()
        .stats()
        .catch(() => null);
      if (!measured) continue;
      const grey = measured.channels[0]!;
      stats.push({ frame: n, mean: grey.mean, stdev: grey.stdev, sharpness: measured.sharpness });
    }
    if (stats.length === 0) throw new Error('The video has no frames to choose from');
    const chosen = chooseCandidates(stats);
    for (const [index, frame] of chosen.entries()) {
      const webp = await sharp(path.join(outDir, frameFile(frame)))
        .webp({ quality: CANDIDATE_QUALITY })
        .toBuffer();
      await fs.writeFile(path.join(outDir, candidateFile(index)), webp);
    }
    for (let n = 1; n <= SAMPLED_FRAMES; n++) await fs.rm(path.join(outDir, frameFile(n)), { force: true });
    return chosen.length;
  } catch (error) {
    await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
