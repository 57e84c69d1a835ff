import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/src/db/embedded.ts';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real server (`apps/server/src/server.ts`) with a fresh DATA_DIR, on BENCH_PORT when
 * set (machines where ports are handed out), else on a free port.
 */
export async function startServer(env: Record<string, string> = {}) {
  const port = Number(env.PORT ?? process.env.BENCH_PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-bench-')));
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_REGISTER_MAX: '100000',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base);
  return {
    base,
    port,
    dataDir,
    /** The node process that serves (tsx runs it as a child of the tsx launcher). */
    pid: await serverPid(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Polls GET /api/health every `everyMs` until it answers 200 (60 s at most). */
export async function waitHealthy(base: string, everyMs = 100): Promise<void> {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false, // not yet listening
    );
    if (ok) return;
    if (Date.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function serverPid(launcherPid: number): Promise<number> {
  const children = await fs.readFile(`/proc/${launcherPid}/task/${launcherPid}/children`, 'utf8').catch(() => '');
  const first = children.trim().split(/\s+/).filter(Boolean)[0];
  return first ? Number(first) : launcherPid;
}

export async function rssBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const images = new Map<string, Buffer>();
/** A PNG of ffmpeg's test pattern at `size` (made once per size). */
function testPattern(size: string): Buffer {
  let png = images.get(size);
  // prettier-ignore
  png ??= execFileSync('ffmpeg', [
    '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}`, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-',
  ]);
  images.set(size, png);
  return png;
}

/** A small PNG (a 64×64 test pattern): avatars. */
export const testImage = () => testPattern('64x64');

/**
 * Adds the thumbnail every video upload carries (API.md §6): a 1280×720 frame of the test pattern,
 * as detailed as a real video's frame. A tiny upscaled image would be too plain for the browser to
 * count as a page's largest paint, which the page benchmarks measure.
 */
export function addThumbnail(form: FormData): void {
  form.set('thumbnail', new Blob([testPattern('1280x720')], { type: 'image/png' }), 'thumbnail.png');
}

/** Registers a user through the API and returns its cookie header. */
export async function registerViaApi(base: string, name: string): Promise<string> {
  const form = new FormData();
  form.set('fullname', name);
  form.set('username', name);
  form.set('email', `${name}@example.com`);
  form.set('password', 'Passw0rd!');
  form.set('avatar', new Blob([testImage()], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${base}/api/users/register`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** An H.264 + AAC test clip made with ffmpeg (testsrc2 + sine) in `dir`; returns its path. */
export async function makeClip(dir: string, { seconds = 10, width = 1280, height = 720 } = {}): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  const file = path.join(dir, `clip-${width}x${height}-${seconds}s.mp4`);
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

/** Uploads `file` as the signed-in user of `cookie` and waits until it is fully processed; returns its id. */
export async function uploadReady(base: string, cookie: string, file: string, title: string): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', `${title}: a generated test clip`);
  addThumbnail(form);
  form.set('videoFile', new Blob([await fs.readFile(file)], { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  const me = ((await (await fetch(`${base}/api/users/me`, { headers: { cookie } })).json()) as { data: { _id: string } }).data;
  // Every rung and the MP4 written (progress 100), so no encoder runs while the bench measures.
  for (const started = Date.now(); Date.now() - started < 300_000;) {
    const list = (await (await fetch(`${base}/api/dashboard/videos/${me._id}`, { headers: { cookie } })).json()) as {
      data: { videos: Array<{ _id: string; status: string; progress: number }> };
    };
    const video = list.data.videos.find((v) => v._id === id);
    if (video?.status === 'failed') throw new Error(`transcode of ${title} failed`);
    if (video?.status === 'ready' && video.progress === 100) return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${title} was not processed in 5 minutes`);
}

/** Cookie header → Playwright cookies for `base`. */
export function browserCookies(cookie: string, base: string) {
  return cookie.split('; ').map((c) => {
    const [name, ...rest] = c.split('=');
    return { name: name!, value: rest.join('='), url: base };
  });
}

/** Runs `run` while sampling the RSS of process `pid` every 50 ms: its result, wall seconds and peak growth. */
export async function withPeakRss<T>(
  pid: number,
  run: () => Promise<T>,
): Promise<{ result: T; seconds: number; growth: number }> {
  const baseline = await rssBytes(pid);
  let peak = baseline;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await rssBytes(pid).catch(() => 0));
  }, 50);
  const started = performance.now();
  try {
    const result = await run();
    return { result, seconds: (performance.now() - started) / 1000, growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * `POST /api/video/new` of a file on disk with curl's multipart (streamed from disk), with a
 * thumbnail written beside it: the HTTP status.
 */
export async function curlUpload(base: string, cookie: string, file: string, extra: string[] = []): Promise<string> {
  const thumbnail = path.join(path.dirname(file), 'thumbnail.png');
  await fs.writeFile(thumbnail, testImage());
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', [
      ...['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `Cookie: ${cookie}`],
      ...['-F', 'title=Big', '-F', 'description=Big upload', ...extra],
      ...['-F', `thumbnail=@${thumbnail};type=image/png`],
      ...['-F', `videoFile=@${file};type=video/mp4`, `${base}/api/video/new`],
    ]);
    let out = '';
    curl.stdout.on('data', (d) => (out += d));
    curl.on('exit', () => resolve(out));
    curl.on('error', reject);
  });
}

/** The same Chromium and flags as the e2e tests. */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

/** Builds the web app once when there is no build yet (benchmarks that open pages need one). */
export async function ensureWebBuild(): Promise<void> {
  // Both bundles: the browser's and the server's (pages are rendered on the server).
  if (await fs.stat(path.join(root, 'apps/web/dist-ssr/entry-server.js')).catch(() => null)) return;
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
}

/** A real 2 s faststart MP4 padded with zeros to `bytes`: ffprobe accepts it as a video. */
export async function paddedClip(dir: string, bytes: number): Promise<string> {
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', clip],
  ]);
  const big = path.join(dir, 'big.mp4');
  const fh = await fs.open(big, 'w');
  await fh.write(await fs.readFile(clip));
  await fh.truncate(bytes);
  await fh.close();
  return big;
}

/** The part of autocannon's result the benches read (the package has no types). */
interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Latency (ms), throughput and failures of one call under load. */
export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/**
 * One call under load at `connections` for `seconds` (or until `stop`); `path` picks each
 * request's path (e.g. a random video).
 */
export function loadCall(call: { url: string; path?: () => string }, seconds: number, connections: number) {
  let instance: ReturnType<typeof autocannon> | undefined;
  const done = new Promise<LoadResult>((resolve, reject) => {
    instance = autocannon(
      {
        url: call.url,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req: { path: string }) => ({ ...req, ...(call.path ? { path: call.path() } : {}) }) }],
      },
      (err: unknown, r: AutocannonResult) =>
        err
          ? reject(err)
          : resolve({
              p50: r.latency.p50,
              p99: r.latency.p99,
              rps: Math.round(r.requests.average),
              errors: r.errors + r.timeouts + r.non2xx,
            }),
    );
  });
  return { done, stop: () => instance?.stop() };
}

/**
 * CPU seconds (user + system) used so far by a process and its live descendants: the server's
 * HTTP workers and its embedded PostgreSQL with its backends. What a shared machine cannot blur.
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  for (const task of await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const children = await fs.readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of children.trim().split(/\s+/).filter(Boolean)) ticks += (await cpuSeconds(Number(child))) * 100;
  }
  return ticks / 100;
}

/** What the page benchmarks (lighthouse.ts, trace-page.ts) open: a creator's videos and channel, and a viewer. */
export type PageSeed = { ids: string[]; creatorId: string; viewer: string };

/**
 * A server with a creator's three ready 8 s 720p videos and a viewer signed in (their cookie): the
 * pages as visitors meet them. DATA=<folder> keeps the server's data there and reuses it on the
 * next run (no uploads, no transcodes, the same ids; the viewer signs in again).
 */
export async function startSeededServer(): Promise<{ server: Awaited<ReturnType<typeof startServer>>; seed: PageSeed }> {
  const dataDir = process.env.DATA;
  const seedFile = dataDir && path.join(dataDir, 'page-seed.json');
  const before = seedFile ? await fs.readFile(seedFile, 'utf8').catch(() => null) : null;
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const server = await startServer(dataDir ? { ROLE: 'all', DATA_DIR: dataDir } : { ROLE: 'all' });
  if (before) {
    const seed = JSON.parse(before) as PageSeed;
    const login = await fetch(`${server.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pageviewer', email: 'pageviewer', password: 'Passw0rd!' }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    seed.viewer = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { server, seed };
  }
  const creator = await registerViaApi(server.base, 'pagecreator');
  const clip = await makeClip(server.dataDir, { seconds: 8, width: 1280, height: 720 });
  const ids: string[] = [];
  for (const title of ['Harbour at dawn', 'Mountain pass', 'City lights'])
    ids.push(await uploadReady(server.base, creator, clip, title));
  const me = (await (await fetch(`${server.base}/api/users/me`, { headers: { cookie: creator } })).json()) as {
    data: { _id: string };
  };
  // The signed-in pages are measured as a viewer sees them (another user's videos and channel).
  const seed = { ids, creatorId: me.data._id, viewer: await registerViaApi(server.base, 'pageviewer') };
  if (seedFile) await fs.writeFile(seedFile, JSON.stringify(seed));
  return { server, seed };
}
