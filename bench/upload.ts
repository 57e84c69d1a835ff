// Upload of a 2 GiB video over loopback: server peak RSS growth and throughput vs `dd` to the same disk.
// Run: npx tsx bench/upload.ts [GiB]   (default 2)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mib, registerViaApi, rssBytes, startServer } from './support.ts';

const gib = Number(process.argv[2] ?? 2);
const bytes = gib * 1024 ** 3;
const server = await startServer({ MAX_VIDEO_BYTES: String(bytes + 64 * 1024 ** 2), ROLE: 'api' });
const work = path.join(server.dataDir, 'bench');
await fs.mkdir(work, { recursive: true });

// A real 2 s faststart MP4 padded with zeros to the target size: ffprobe accepts it as a video.
const clip = path.join(work, 'clip.mp4');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240:rate=25:duration=2',
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-movflags',
  '+faststart',
  clip,
]);
const big = path.join(work, 'big.mp4');
const head = await fs.readFile(clip);
const fh = await fs.open(big, 'w');
await fh.write(head);
await fh.truncate(bytes);
await fh.close();

const cookie = await registerViaApi(server.base, 'uploader');
const thumb = path.join(work, 'thumb.png');
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', thumb]);

const baseline = await rssBytes(server.pid);
let peak = baseline;
const sampler = setInterval(async () => {
  peak = Math.max(peak, await rssBytes(server.pid).catch(() => 0));
}, 50);

const started = performance.now();
const status = await new Promise<string>((resolve, reject) => {
  const curl = spawn('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    `Cookie: ${cookie}`,
    '-F',
    'title=Big',
    '-F',
    'description=Big upload',
    '-F',
    `thumbnail=@${thumb}`,
    '-F',
    `videoFile=@${big};type=video/mp4`,
    `${server.base}/api/video/new`,
  ]);
  let out = '';
  curl.stdout.on('data', (d) => (out += d));
  curl.on('exit', () => resolve(out));
  curl.on('error', reject);
});
const uploadSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const ddStart = performance.now();
execFileSync('dd', ['if=/dev/zero', `of=${path.join(work, 'dd.out')}`, 'bs=1M', `count=${gib * 1024}`], { stdio: 'ignore' });
const ddSeconds = (performance.now() - ddStart) / 1000;

const uploadRate = bytes / uploadSeconds;
const ddRate = bytes / ddSeconds;
console.log(`upload of ${gib} GiB: HTTP ${status}, ${uploadSeconds.toFixed(1)} s, ${mib(uploadRate)} MiB/s`);
console.log(
  `server RSS: baseline ${mib(baseline)} MiB, peak ${mib(peak)} MiB, growth ${mib(peak - baseline)} MiB (target <= 64)`,
);
console.log(`dd of the same bytes to the same disk: ${ddSeconds.toFixed(1)} s, ${mib(ddRate)} MiB/s`);
console.log(`throughput ratio upload/dd: ${(uploadRate / ddRate).toFixed(2)}`);
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
