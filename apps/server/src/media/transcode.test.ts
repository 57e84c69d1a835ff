import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, ffprobePath } from './binaries.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import type { Rung } from './ladder.ts';
import { rungPlaylistPath, type SourceProbe } from './ffmpeg-args.ts';
import { probeMedia } from './probe.ts';
import { ffprobeJson, makeClip, makeTempDir, topLevelBoxes } from './test-clips.ts';
import { isRunning, listFiles, processesIn } from '../../test/clips.ts';
import { clearOutputFolder, transcodeVideo, type TranscodeResult } from './transcode.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function probeOf(file: string): Promise<SourceProbe> {
  const probe = await probeMedia(file);
  if (!probe) throw new Error(`${file} did not probe as a video`);
  return probe;
}

/** Transcodes and records the order of callbacks relative to the promise settling. */
async function transcode(input: string, name: string) {
  const outDir = path.join(dir, name);
  const events: string[] = [];
  const percents: number[] = [];
  const result = await transcodeVideo({
    input,
    outDir,
    probe: await probeOf(input),
    onProgress: (percent) => {
      percents.push(percent);
    },
    onFirstPlayable: async () => {
      events.push('first-playable');
      // The master must already be in place when the caller is told.
      events.push((await fs.readFile(path.join(outDir, 'master.m3u8'), 'utf8')).startsWith('#EXTM3U') ? 'master' : 'no-master');
    },
  });
  events.push('resolved');
  return { outDir, result, events, percents };
}

type StreamInf = { bandwidth: number; average: number; resolution: string; codecs: string; uri: string };

function readMaster(text: string): StreamInf[] {
  const lines = text.trim().split('\n');
  expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS']);
  const entries: StreamInf[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    entries.push({
      bandwidth: Number(/BANDWIDTH=(\d+)/.exec(line)?.[1]),
      average: Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1]),
      resolution: /RESOLUTION=(\d+x\d+)/.exec(line)?.[1] ?? '',
      codecs: /CODECS="([^"]+)"/.exec(line)?.[1] ?? '',
      uri: lines[i + 1]!,
    });
  });
  return entries;
}

/**
 * A rung is one fragmented MP4 named by byte ranges: the init section at 0, then every segment
 * right after the one before, up to the file's last byte (nothing stored that no range names).
 * The file decodes cleanly as a whole; returns the rung's streams.
 */
async function checkRung(outDir: string, rung: Rung, ladder: readonly Rung[]) {
  const playlistPath = rungPlaylistPath(rung, ladder);
  const playlist = parseMediaPlaylist(await fs.readFile(path.join(outDir, playlistPath), 'utf8'));
  expect(playlist.ended).toBe(true);
  expect(playlist.segments.length).toBeGreaterThan(0);
  const file = path.join(outDir, path.dirname(playlistPath), playlist.initUri!);
  expect(path.relative(outDir, file)).toBe(rung === ladder[0] ? 'video.mp4' : `${rung.name}/media.mp4`);
  expect(playlist.initRange).toMatchObject({ offset: 0 });
  let end = playlist.initRange!.length;
  for (const segment of playlist.segments) {
    expect(segment.uri).toBe(playlist.initUri);
    expect(segment.range).toEqual({ offset: end, length: expect.any(Number) });
    end += segment.range!.length;
  }
  expect((await fs.stat(file)).size).toBe(end);
  const { stderr } = await run(ffmpegPath(), ['-v', 'error', '-i', file, '-f', 'null', '-']);
  expect(stderr).toBe('');
  const info = await ffprobeJson(file);
  const sizes = await videoPacketSizes(file);
  const video = info.streams.find((s: any) => s.codec_type === 'video');
  expect(video).toMatchObject({ codec_name: 'h264', width: rung.width, height: rung.height });
  return { playlist, streams: info.streams as any[], videoPacketSizes: sizes, bytes: end };
}

async function videoPacketSizes(file: string): Promise<number[]> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', file];
  const { stdout } = await run(ffprobePath(), args);
  return stdout.trim().split('\n').map(Number);
}

/** video.mp4 is the top rung's file: moov first (a plain <video src> starts at once), the full duration. */
async function checkMp4(outDir: string, expected: { width: number; height: number; durationSec: number; audio: boolean }) {
  const file = path.join(outDir, 'video.mp4');
  const boxes = await topLevelBoxes(file);
  expect(boxes.slice(0, 2)).toEqual(['ftyp', 'moov']);
  expect(boxes).toContain('moof');
  const info = await ffprobeJson(file);
  expect(info.streams.find((s: any) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', ...pick(expected) });
  expect(info.streams.some((s: any) => s.codec_type === 'audio')).toBe(expected.audio);
  expect(Number(info.format.duration)).toBeCloseTo(expected.durationSec, 0);
}

/** Every byte of the output folder, and the share of it that is the ladder's media (≤ 1.05: one copy). */
async function storedShare(outDir: string, ladderBytes: number): Promise<number> {
  const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(
    entries.filter((e) => e.isFile()).map(async (e) => (await fs.stat(path.join(e.parentPath, e.name))).size),
  );
  return sizes.reduce((a, b) => a + b, 0) / ladderBytes;
}

const pick = ({ width, height }: { width: number; height: number }) => ({ width, height });

async function leftovers(outDir: string): Promise<string[]> {
  const entries = await fs.readdir(outDir, { recursive: true });
  return entries.filter((f) => /\.(tmp|part)$/.test(f));
}

function expectSuccess(run: { result: TranscodeResult; events: string[]; percents: number[] }, durationSec: number) {
  expect(run.events).toEqual(['first-playable', 'master', 'resolved']);
  expect(run.percents.at(-1)).toBe(100);
  expect([...run.percents].sort((a, b) => a - b)).toEqual(run.percents);
  expect(run.result).toMatchObject({ masterPath: 'master.m3u8', mp4Path: 'video.mp4' });
  expect(run.result.durationSec).toBeCloseTo(durationSec, 0);
}

describe('transcodeVideo (real ffmpeg)', () => {
  it('encodes a landscape clip to single-file HLS rungs (byte ranges), the top one doubling as video.mp4', async () => {
    const clip = await makeClip(path.join(dir, 'landscape.mp4'), { width: 640, height: 360, seconds: 4 });
    const outcome = await transcode(clip, 'landscape');
    const { outDir, result } = outcome;
    expectSuccess(outcome, 4);
    expect(result.rungs.map((r) => [r.name, r.width, r.height, r.copy])).toEqual([
      ['360p', 640, 360, false],
      ['240p', 426, 240, false],
    ]);

    const master = readMaster(await fs.readFile(path.join(outDir, 'master.m3u8'), 'utf8'));
    expect(master.map((e) => [e.uri, e.resolution, e.codecs])).toEqual([
      ['240p/index.m3u8', '426x240', 'avc1.640015,mp4a.40.2'],
      ['video.m3u8', '640x360', 'avc1.64001e,mp4a.40.2'],
    ]);
    for (const entry of master) {
      expect(entry.bandwidth).toBeGreaterThan(50_000);
      expect(entry.average).toBeGreaterThan(0);
      expect(entry.average).toBeLessThanOrEqual(entry.bandwidth);
    }

    let ladderBytes = 0;
    for (const rung of result.rungs) {
      const { playlist, streams, bytes } = await checkRung(outDir, rung, result.rungs);
      expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      expect(playlist.segments.reduce((t, s) => t + s.durationSec, 0)).toBeCloseTo(4, 0);
      ladderBytes += bytes;
    }
    await checkMp4(outDir, { width: 640, height: 360, durationSec: 4, audio: true });
    expect(await leftovers(outDir)).toEqual([]);
    expect((await listFiles(outDir)).sort()).toEqual([
      '240p/index.m3u8',
      '240p/media.mp4',
      'master.m3u8',
      'video.m3u8',
      'video.mp4',
    ]);
    // One copy of the video: the playlists are all that is stored beside the ladder.
    expect(await storedShare(outDir, ladderBytes)).toBeLessThanOrEqual(1.05);
  });

  it('keeps a portrait clip portrait', async () => {
    const clip = await makeClip(path.join(dir, 'portrait.mp4'), { width: 360, height: 640, seconds: 3 });
    const { outDir, result, events } = await transcode(clip, 'portrait');
    expect(events.at(-1)).toBe('resolved');
    expect(result.rungs.map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 360, 640],
      ['240p', 240, 426],
    ]);
    const master = readMaster(await fs.readFile(path.join(outDir, 'master.m3u8'), 'utf8'));
    expect(master.map((e) => e.resolution)).toEqual(['240x426', '360x640']);
    for (const rung of result.rungs) await checkRung(outDir, rung, result.rungs);
    await checkMp4(outDir, { width: 360, height: 640, durationSec: 3, audio: true });
  });

  it('handles a clip without audio', async () => {
    const clip = await makeClip(path.join(dir, 'silent.mp4'), { width: 426, height: 240, seconds: 3, audio: false });
    const outcome = await transcode(clip, 'silent');
    expectSuccess(outcome, 3);
    const master = readMaster(await fs.readFile(path.join(outcome.outDir, 'master.m3u8'), 'utf8'));
    expect(master.map((e) => e.codecs)).toEqual(['avc1.640015']);
    const { streams } = await checkRung(outcome.outDir, outcome.result.rungs[0]!, outcome.result.rungs);
    expect(streams.map((s) => s.codec_type)).toEqual(['video']);
    await checkMp4(outcome.outDir, { width: 426, height: 240, durationSec: 3, audio: false });
  });

  it('remuxes the top rung of an H.264/AAC clip, with segments aligned across rungs', async () => {
    // Keyframes every 3 s: the copied rung is cut at 6 s, so the encoded one must be too.
    const clip = await makeClip(path.join(dir, 'camera.mp4'), { codec: 'h264', keyframeSec: 3, seconds: 7 });
    const outcome = await transcode(clip, 'remux');
    expectSuccess(outcome, 7);
    const [top, low] = outcome.result.rungs;
    expect(top).toMatchObject({ name: '360p', copy: true, codecs: 'avc1.64001e,mp4a.40.2' });
    expect(low).toMatchObject({ name: '240p', copy: false });

    const copied = await checkRung(outcome.outDir, top!, outcome.result.rungs);
    expect(copied.streams.find((s) => s.codec_type === 'video')).toMatchObject({ profile: 'High' });
    // Copied, not re-encoded: the very same video packets.
    expect(copied.videoPacketSizes).toEqual(await videoPacketSizes(clip));
    const encoded = await checkRung(outcome.outDir, low!, outcome.result.rungs);
    expect(copied.playlist.segments.map((s) => Math.round(s.durationSec))).toEqual([6, 1]);
    expect(encoded.playlist.segments.map((s) => s.durationSec)).toEqual(copied.playlist.segments.map((s) => s.durationSec));
    await checkMp4(outcome.outDir, { width: 640, height: 360, durationSec: 7, audio: true });
  });

  it('rejects a truncated video with a readable reason; clearOutputFolder then empties its folder', async () => {
    const clip = await makeClip(path.join(dir, 'truncated.mp4'), { seconds: 4 });
    const probe = await probeOf(clip);
    const { size } = await fs.stat(clip);
    await fs.truncate(clip, Math.floor(size * 0.4));
    const outDir = path.join(dir, 'truncated');
    const error = await transcodeVideo({ input: clip, outDir, probe }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/truncated or damaged|invalid data/i);
    expect((error as Error).message).not.toContain('/');
    // What was written stays for the caller, who unpublishes before removing it.
    expect(await fs.readdir(outDir)).not.toEqual([]);
    await clearOutputFolder(outDir);
    expect(await fs.readdir(outDir)).toEqual([]);
  });

  it('rejects garbage after the header with the reason ffmpeg gives, without paths', async () => {
    const clip = await makeClip(path.join(dir, 'garbage.mp4'), { seconds: 2 });
    const probe = await probeOf(clip);
    const { size } = await fs.stat(clip);
    const handle = await fs.open(clip, 'r+');
    await handle.write(randomBytes(size - 64), 0, size - 64, 64);
    await handle.close();
    const error = await transcodeVideo({ input: clip, outDir: path.join(dir, 'garbage'), probe }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/no readable video stream|invalid data/i);
    expect((error as Error).message).not.toMatch(/\/|garbage\.mp4/);
  });

  it('kills ffmpeg when aborted, and runs it at the priority asked for (every thread)', async () => {
    const clip = await makeClip(path.join(dir, 'long.mp4'), { width: 640, height: 360, seconds: 20 });
    const probe = await probeOf(clip);
    const outDir = path.join(dir, 'aborted');
    const controller = new AbortController();
    let ffmpegPids: number[] = [];
    let niceValues: number[] = [];
    const error = await transcodeVideo({
      input: clip,
      outDir,
      probe,
      nice: 7,
      signal: controller.signal,
      onFirstPlayable: async () => {
        ffmpegPids = await processesIn(outDir);
        niceValues = await threadNiceValues(ffmpegPids[0]!);
        controller.abort();
      },
    }).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(ffmpegPids).toHaveLength(1);
    // x264 runs several threads; each inherited the priority.
    expect(niceValues.length).toBeGreaterThan(1);
    expect(new Set(niceValues)).toEqual(new Set([7]));
    // Rejected only once ffmpeg has exited.
    expect(await processesIn(outDir)).toEqual([]);
    expect(() => process.kill(ffmpegPids[0]!, 0)).toThrow();
  });

  it('clearOutputFolder kills a leftover encoder still writing the folder, then empties it', async () => {
    const outDir = path.join(dir, 'leftover');
    await fs.mkdir(outDir, { recursive: true });
    // An encoder nobody controls any more (as one left by a killed worker would be), writing HLS in real time.
    const leftover = spawn(
      ffmpegPath(),
      [
        '-v',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=160x120:rate=10',
        '-g',
        '5',
        '-f',
        'hls',
        '-hls_time',
        '1',
        'index.m3u8',
      ],
      { cwd: outDir, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => leftover.once('exit', (_code, signal) => resolve(signal)));
    while ((await fs.readdir(outDir)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await clearOutputFolder(outDir);
    expect(await exited).toBe('SIGKILL');
    expect(await fs.readdir(outDir)).toEqual([]);
    expect(await processesIn(outDir)).toEqual([]);
  });

  it('does not start when already aborted', async () => {
    const clip = await makeClip(path.join(dir, 'short.mp4'), { seconds: 1 });
    const outDir = path.join(dir, 'never');
    const error = await transcodeVideo({ input: clip, outDir, probe: await probeOf(clip), signal: AbortSignal.abort() }).catch(
      (e: Error) => e,
    );
    expect(error).toMatchObject({ name: 'AbortError' });
    await expect(fs.stat(outDir)).rejects.toThrow();
  });

  it('fails with the error of a callback that throws', async () => {
    const clip = await makeClip(path.join(dir, 'callback.mp4'), { seconds: 6 });
    const error = await transcodeVideo({
      input: clip,
      outDir: path.join(dir, 'callback'),
      probe: await probeOf(clip),
      onFirstPlayable: () => Promise.reject(new Error('video deleted')),
    }).catch((e: Error) => e);
    expect(error).toMatchObject({ message: 'video deleted' });
  });
});

describe('runProcess', () => {
  it('a process it started dies with this process, even when this one is killed by SIGKILL', async () => {
    const cwd = await makeTempDir();
    const modulePath = path.join(import.meta.dirname, 'run-process.ts');
    const script = `const { runProcess } = await import(${JSON.stringify(modulePath)});
      await runProcess('sleep', ['300'], { cwd: ${JSON.stringify(cwd)} });`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
    let children: number[] = [];
    while (children.length === 0) {
      children = await processesIn(cwd);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    parent.kill('SIGKILL');
    while (await isRunning(children[0]!)) await new Promise((resolve) => setTimeout(resolve, 50));
    await fs.rm(cwd, { recursive: true, force: true });
  });
});

/** The nice value of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
async function threadNiceValues(pid: number): Promise<number[]> {
  const tids = await fs.readdir(`/proc/${pid}/task`);
  const stats = await Promise.all(tids.map((tid) => fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
  return stats.map((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
}
