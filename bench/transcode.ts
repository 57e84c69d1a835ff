// Transcoding: transcodeVideo (progress, early publishing, checks) vs one bare ffmpeg command with
// the same arguments, on a 1080p30 testsrc2 + sine clip. Prints wall times, their ratio (target
// ≤ 1.05), the realtime factor (duration / wall) and time to first playable (target ≤ 0.3 × duration).
// Run: npx tsx bench/transcode.ts [--seconds 60] [--preset veryfast] [--runs 1] [--remux]
//   --remux  makes the source H.264/AAC with 2 s GOPs, so the top rung is copied instead of encoded.
// The source is generated once into bench/.out/ and reused.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ffmpegPath } from '../apps/server/src/media/binaries.ts';
import { buildTranscodeArgs, type SourceProbe, type X264Preset } from '../apps/server/src/media/ffmpeg-args.ts';
import { buildLadder } from '../apps/server/src/media/ladder.ts';
import { probeMedia } from '../apps/server/src/media/probe.ts';
import { transcodeVideo } from '../apps/server/src/media/transcode.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    preset: { type: 'string', default: 'veryfast' },
    runs: { type: 'string', default: '1' },
    remux: { type: 'boolean', default: false },
  },
});
const seconds = Number(opts.seconds);
const preset = opts.preset as X264Preset;
const out = path.resolve(import.meta.dirname, '.out');
await fs.mkdir(out, { recursive: true });

const source = path.join(out, `source-1080p30-${seconds}s${opts.remux ? '-gop2' : ''}.mp4`);
if (!(await exists(source))) {
  const started = Date.now();
  // Default x264 GOP (250 frames = 8.3 s) is too long to copy into 4 s segments: every rung is encoded.
  const gop = opts.remux ? ['-g', '60', '-sc_threshold', '0'] : [];
  const inputs = [
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
  ];
  const encode = [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', ...gop],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart'],
  ];
  await run(ffmpegPath(), ['-v', 'error', '-y', ...inputs, ...encode, source]);
  console.log(`generated ${path.basename(source)} in ${secondsSince(started)} s`);
}

const probe = await probeSource(source);
const rungs = buildLadder(probe);
console.log(
  `source ${probe.width}x${probe.height} ${probe.fps} fps ${probe.durationSec} s, ${os.cpus().length} CPUs, preset ${preset}; ` +
    `rungs ${rungs.map((r) => `${r.name}${r.copy ? ' (copy)' : ''}`).join(', ')}`,
);

type Timing = { ours: number; bare: number; firstPlayable: number; oursCpu: number; nodeCpu: number; bareCpu: number };
const results: Timing[] = [];
for (let i = 1; i <= Number(opts.runs); i++) {
  // The machine's load drifts: alternate which of the two goes first.
  const bareFirst = i % 2 === 1;
  const bare = bareFirst ? await timeBare() : null;
  const ours = await timeTranscodeVideo();
  const result = { ...ours, ...(bare ?? (await timeBare())) };
  results.push(result);
  report(`run ${i}`, result);
}
if (results.length > 1) {
  report(`median of ${results.length}`, {
    ours: median(results.map((r) => r.ours)),
    bare: median(results.map((r) => r.bare)),
    firstPlayable: median(results.map((r) => r.firstPlayable)),
    oursCpu: median(results.map((r) => r.oursCpu)),
    nodeCpu: median(results.map((r) => r.nodeCpu)),
    bareCpu: median(results.map((r) => r.bareCpu)),
  });
}

/** (b) The same ffmpeg command line without -progress: no polling, no publishing, no checks. */
async function timeBare(): Promise<{ bare: number; bareCpu: number }> {
  const dir = await freshDir('bare');
  await Promise.all(rungs.map((rung) => fs.mkdir(path.join(dir, rung.name))));
  const args = buildTranscodeArgs({ input: source, probe, rungs, preset, progress: false });
  const cpu = childCpuSec();
  const start = performance.now();
  await run(ffmpegPath(), args, dir);
  return { bare: (performance.now() - start) / 1000, bareCpu: childCpuSec() - cpu };
}

/** (a) transcodeVideo, with the time its onFirstPlayable fires. */
async function timeTranscodeVideo(): Promise<{ ours: number; firstPlayable: number; oursCpu: number; nodeCpu: number }> {
  const dir = await freshDir('transcode');
  let firstPlayable = Number.NaN;
  const cpu = childCpuSec();
  const nodeCpu = process.cpuUsage();
  const start = performance.now();
  await transcodeVideo({
    input: source,
    outDir: dir,
    probe,
    preset,
    onFirstPlayable: () => {
      firstPlayable = (performance.now() - start) / 1000;
    },
  });
  const ours = (performance.now() - start) / 1000;
  const node = process.cpuUsage(nodeCpu);
  return { ours, firstPlayable, oursCpu: childCpuSec() - cpu, nodeCpu: (node.user + node.system) / 1e6 };
}

/**
 * CPU seconds used by finished child processes (Linux /proc, 100 ticks/s). Wall time on a shared
 * machine drifts with other load; CPU time shows what the polling and progress parsing add.
 */
function childCpuSec(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function report(label: string, { ours, bare, firstPlayable, oursCpu, nodeCpu, bareCpu }: Timing) {
  const duration = probe.durationSec;
  const ratio = ours / bare;
  console.log(
    [
      `${label}:`,
      `transcodeVideo ${ours.toFixed(1)} s, bare ffmpeg ${bare.toFixed(1)} s`,
      `ratio ${ratio.toFixed(3)} (target ≤ 1.05: ${ratio <= 1.05 ? 'ok' : 'MISSED'})`,
      `CPU: transcodeVideo ffmpeg ${oursCpu.toFixed(1)} s + node ${nodeCpu.toFixed(2)} s, bare ffmpeg ${bareCpu.toFixed(1)} s ` +
        `(ratio ${((oursCpu + nodeCpu) / bareCpu).toFixed(3)})`,
      `realtime factor ${(duration / ours).toFixed(2)} (bare ${(duration / bare).toFixed(2)})`,
      `first playable after ${firstPlayable.toFixed(1)} s = ${(firstPlayable / duration).toFixed(2)} × duration ` +
        `(target ≤ 0.3: ${firstPlayable <= 0.3 * duration ? 'ok' : 'MISSED'})`,
    ].join('\n  '),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function probeSource(file: string): Promise<SourceProbe> {
  const probe = await probeMedia(file);
  if (!probe) throw new Error('the generated source did not probe as a video');
  return probe;
}

async function freshDir(name: string): Promise<string> {
  const dir = path.join(out, name);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

function run(command: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

function secondsSince(start: number): string {
  return ((Date.now() - start) / 1000).toFixed(1);
}
