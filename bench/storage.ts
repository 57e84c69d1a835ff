// Bytes stored per video: a generated 60 s 1080p upload through the real server (ROLE=all, local
// storage), then its folder is measured. Prints the ladder's bytes (the media files its playlists
// name), everything stored for the video, and their ratio (target ≤ 1.05), next to what the
// layout before single-file rungs stored: the same ladder plus a faststart MP4 of the top rung,
// rebuilt here from the very same packets (a remux, as the tee muxer wrote it).
// Run: npx tsx bench/storage.ts [--seconds 60]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ffmpegPath } from '../apps/server/src/media/binaries.ts';
import { bytesNamed, parseMediaPlaylist } from '../apps/server/src/media/hls-playlist.ts';
import { makeClip, mib, registerViaApi, startServer, uploadReady } from './support.ts';

const { values: opts } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const seconds = Number(opts.seconds);

const server = await startServer({ ROLE: 'all' });
try {
  const cookie = await registerViaApi(server.base, 'storagebench');
  const clip = await makeClip(server.dataDir, { seconds, width: 1920, height: 1080 });
  const started = Date.now();
  const id = await uploadReady(server.base, cookie, clip, 'Storage bench');
  const folder = path.join(server.dataDir, 'media', 'videos', id);
  console.log(`${seconds} s 1080p upload processed in ${((Date.now() - started) / 1000).toFixed(1)} s; load ${loadAverage()}`);

  const files = await sizesUnder(folder);
  const ladder = await ladderFiles(folder);
  const ladderBytes = sum([...ladder].map((file) => files.get(file)!));
  const stored = sum([...files.values()]);
  const rest = [...files].filter(([file]) => !ladder.has(file));
  console.log(`files: ${[...files].map(([file, bytes]) => `${file} ${mib(bytes)}`).join(', ')}`);
  console.log(`ladder (every rung's media): ${mib(ladderBytes)} MiB in ${ladder.size} files`);
  console.log(`beside it: ${mib(sum(rest.map(([, bytes]) => bytes)))} MiB (playlists, storyboard)`);

  // The layout before: the same ladder, and video.mp4 as a faststart MP4 of the top rung's packets.
  const before = path.join(server.dataDir, 'before-video.mp4');
  // prettier-ignore
  execFileSync(ffmpegPath(), [
    '-v', 'error', '-y', '-i', path.join(folder, 'video.mp4'), '-map', '0', '-c', 'copy', '-movflags', '+faststart', before,
  ]);
  const separateMp4 = (await fs.stat(before)).size;
  const storedBefore = stored + separateMp4;
  console.log(
    `before (ladder + a separate MP4 of ${mib(separateMp4)} MiB): ${mib(storedBefore)} MiB stored = ` +
      `${(storedBefore / ladderBytes).toFixed(3)} × the ladder`,
  );
  console.log(
    `after (the top rung's file is the MP4): ${mib(stored)} MiB stored = ${(stored / ladderBytes).toFixed(3)} × the ladder ` +
      `(target ≤ 1.05); ${(100 * (1 - stored / storedBefore)).toFixed(1)} % less than before`,
  );
} finally {
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

/** Every file under `dir`, relative, with its size. */
async function sizesUnder(dir: string): Promise<Map<string, number>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = new Map<string, number>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    sizes.set(path.relative(dir, file), (await fs.stat(file)).size);
  }
  return sizes;
}

/** The media files the master's rungs name (either layout), relative to the video's folder. */
async function ladderFiles(dir: string): Promise<Set<string>> {
  const master = await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8');
  const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
  const files = new Set<string>();
  for (const variant of variants) {
    const playlist = parseMediaPlaylist(await fs.readFile(path.join(dir, variant), 'utf8'));
    for (const uri of bytesNamed(playlist).keys()) files.add(path.join(path.dirname(variant), uri));
  }
  return files;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function loadAverage(): string {
  return `${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1/5/15 min) on ${os.cpus().length} CPUs`;
}
