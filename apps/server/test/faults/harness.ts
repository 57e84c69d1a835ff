import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { rungPlaylistPath } from '../../src/media/ffmpeg-args.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import { isRunning, listFiles, waitFor } from '../clips.ts';
import { testImage } from '../support.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server process (`tsx apps/server/src/server.ts`, ROLE=all, embedded PostgreSQL) on
 * its own DATA_DIR and port, restarted on the same ones. Its output goes to `<dir>/server-N.log`.
 */
export async function createFaultEnv(name: string, env: NodeJS.ProcessEnv = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `streamhub-fault-${name}-`));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // Fault files run in parallel: each server's live ingest on a port of its own.
  const rtmpPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let current: ServerProcess | undefined;
  let starts = 0;

  afterAll(async () => {
    await current?.stop();
    // A server killed by a test leaves its PostgreSQL running: stop it as the next start would.
    const pid = await postgresPid(dataDir).catch(() => null);
    if (pid && (await isRunning(pid))) {
      process.kill(pid, 'SIGINT');
      await waitFor(async () => !(await isRunning(pid)), 30_000, 50);
    }
    await fs.rm(dir, { recursive: true, force: true });
  });

  return {
    dir,
    dataDir,
    base,
    rtmpPort,
    get server() {
      if (!current) throw new Error('no server started');
      return current;
    },
    /** The running server, started when none runs (each test may run alone). */
    async ensureStarted() {
      return current?.isRunning() ? current : this.start();
    },
    /** Starts the server and waits until it answers healthy. */
    async start() {
      starts += 1;
      current = await startServer({ dataDir, port, rtmpPort, env, log: path.join(dir, `server-${starts}.log`) });
      await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200, 90_000, 100);
      return current;
    },
    /** PostgreSQL's postmaster pid (first line of its pid file). */
    postgresPid: () => postgresPid(dataDir),
  };
}

export type ServerProcess = Awaited<ReturnType<typeof startServer>>;

async function startServer(opts: { dataDir: string; port: number; rtmpPort: number; env: NodeJS.ProcessEnv; log: string }) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    RTMP_PORT: String(opts.rtmpPort),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    ROLE: 'all',
    LOG_LEVEL: 'info',
    JOB_RETRY_DELAY_SECONDS: '0',
    WEB_DIST_DIR: path.join(opts.dataDir, 'no-web'),
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.ENCODER_NICE;
  return spawnServerProcess('apps/server/src/server.ts', env, opts.log);
}

/**
 * A real server process (`tsx <entry>`, e.g. `apps/server/src/worker.ts`) with this environment,
 * its output in `logFile`. `pid` is the node process that runs the code (tsx's child).
 */
export async function spawnServerProcess(entry: string, env: NodeJS.ProcessEnv, logFile: string) {
  const log = createWriteStream(logFile);
  const launcher: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), [entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.pipe(log);
  launcher.stderr!.pipe(log);
  const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
  // tsx runs the server in a child node process: that is the process a crash or the OOM killer ends.
  const pid = await waitFor(
    async () => {
      const children = await fs.readFile(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8').catch(() => '');
      return Number(children.trim().split(/\s+/)[0]) || null;
    },
    30_000,
    20,
  );
  let running = true;
  void exited.then(() => (running = false));
  return {
    pid,
    exited,
    isRunning: () => running,
    /** kill -9 of the server process (not its children: they are left as a crash leaves them). */
    async kill9() {
      process.kill(pid, 'SIGKILL');
      await exited;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (running) process.kill(pid, signal);
      return exited;
    },
  };
}

async function postgresPid(dataDir: string): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Registers a user through the API; returns the cookie header of its session. */
export async function register(base: string, username: string): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fullname: 'Fault Tester',
    username,
    email: `${username}@example.com`,
    password: 'Passw0rd!',
  }))
    form.set(k, v);
  form.set('avatar', new Blob([testImage()], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${base}/api/users/register`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Uploads a clip; returns the new video's id. */
export async function uploadClip(base: string, cookie: string, clip: string, title = 'Fault clip'): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'A clip uploaded by a fault test');
  form.set('thumbnail', new Blob([testImage()], { type: 'image/png' }), 't.png');
  form.set('videoFile', new Blob([await fs.readFile(clip)], { type: 'video/mp4' }), path.basename(clip));
  const res = await fetch(`${base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** Waits until the owner sees the video finished (ready, progress 100); fails on `failed`. */
export async function waitFinished(base: string, cookie: string, ownerId: string, videoId: string) {
  return waitFor(
    async () => {
      const res = await fetch(`${base}/api/dashboard/videos/${ownerId}`, { headers: { cookie } }).catch(() => null);
      if (res?.status !== 200) return null;
      const video = ((await res.json()) as { data: { videos: any[] } }).data.videos.find((v) => v._id === videoId);
      if (video?.status === 'failed') throw new Error(`video failed: ${video.failureReason}`);
      return video?.status === 'ready' && video.progress === 100 ? video : null;
    },
    120_000,
    200,
  );
}

export async function currentUserId(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/users/me`, { headers: { cookie } });
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/**
 * Checks what a viewer gets: the master playlist and every rung of the video, each finished
 * (#EXT-X-ENDLIST), and its MP4, all answered 200 over HTTP.
 */
export async function expectAllRenditions(base: string, videoId: string, rungs: string[]) {
  const master = await fetch(`${base}/media/videos/${videoId}/master.m3u8`);
  expect(master.status).toBe(200);
  const variants = (await master.text()).split('\n').filter((l) => l.endsWith('.m3u8'));
  const ladder = rungs.map((name) => ({ name }));
  expect(variants.sort()).toEqual(ladder.map((rung) => rungPlaylistPath(rung, ladder)).sort());
  for (const variant of variants) {
    const variantUrl = new URL(variant, `${base}/media/videos/${videoId}/`);
    const playlist = await fetch(variantUrl);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-ENDLIST');
    await expectFirstSegment(variantUrl, text);
  }
  expect((await fetch(`${base}/media/videos/${videoId}/video.mp4`, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
}

/**
 * The first segment a rung playlist names answers with its bytes: exactly its byte range of the
 * rung's one file (206), or in the old layout the whole segment file (200).
 */
export async function expectFirstSegment(variantUrl: URL, playlistText: string) {
  const { uri, range } = parseMediaPlaylist(playlistText).segments[0]!;
  const headers: Record<string, string> = range ? { range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {};
  const res = await fetch(new URL(uri, variantUrl), { headers });
  expect(res.status).toBe(range ? 206 : 200);
  const bytes = (await res.arrayBuffer()).byteLength;
  if (range) expect(bytes).toBe(range.length);
  else expect(bytes).toBeGreaterThan(0);
}

/**
 * Watches the whole scenario, as viewers and as the machine see it, until `stop()`:
 * - every video in the public list has its master playlist and rungs (checked twice before it
 *   counts, so a video unlisted between the two requests is not a false alarm);
 * - at most one ffmpeg works in any one video folder under DATA_DIR at any moment;
 * - every API answer is 2xx, or 503 with Retry-After (never a 500), unless the server is down.
 */
export function watchScenario(base: string, dataDir: string) {
  const unlistedFiles: string[] = [];
  const encodersPerFolder = new Map<string, number>();
  const encoderPids = new Set<number>();
  const statuses = new Map<number, number>();
  const missingRetryAfter: string[] = [];
  let stopped = false;

  const record = (res: Response | null) => {
    if (!res) return res;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status === 503 && !res.headers.get('retry-after')) missingRetryAfter.push(res.url);
    return res;
  };
  const get = async (url: string) => record(await fetch(url).catch(() => null));

  async function listed(): Promise<string[] | null> {
    const res = await get(`${base}/api/video?page=1`);
    if (res?.status !== 200) return null;
    // The body can still be cut off by a kill after the headers arrived: that is "no answer" too.
    const body = (await res.json().catch(() => null)) as { data: { videos: { _id: string }[] } } | null;
    return body ? body.data.videos.map((v) => v._id) : null;
  }

  /** Whether a listed video's master and rung playlists answer 200 (null: the server did not answer). */
  async function playable(id: string): Promise<boolean | null> {
    const master = await fetch(`${base}/media/videos/${id}/master.m3u8`).catch(() => null);
    if (!master || master.status === 503) return null;
    if (master.status !== 200) return false;
    const text = await master.text().catch(() => null);
    if (text === null) return null;
    for (const variant of text.split('\n').filter((l) => l.endsWith('.m3u8'))) {
      const playlist = await fetch(`${base}/media/videos/${id}/${variant}`).catch(() => null);
      if (!playlist || playlist.status === 503) return null;
      if (playlist.status !== 200) return false;
    }
    return true;
  }

  const viewers = (async () => {
    while (!stopped) {
      for (const id of (await listed()) ?? []) {
        if ((await playable(id)) !== false) continue;
        // Still listed, and still without its files: a real violation, not a race with unlisting.
        if ((await listed())?.includes(id) && (await playable(id)) === false) unlistedFiles.push(id);
      }
      await pause(100);
    }
  })();

  const encoders = (async () => {
    // Encoders run in their video's work folder (DATA_DIR/work/<id>; whole files are published to media/).
    const media = path.join(dataDir, 'work');
    while (!stopped) {
      const perFolder = new Map<string, number>();
      for (const entry of await fs.readdir('/proc').catch(() => [] as string[])) {
        if (!/^\d+$/.test(entry)) continue;
        // The command line first: a process that ends between two reads leaves it empty, and a
        // short-lived storyboard ffmpeg read that way would count as an encode attempt.
        const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
        if (!cmdline) continue;
        const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
        if (comm.trim() !== 'ffmpeg') continue;
        const cwd = (await fs.readlink(`/proc/${entry}/cwd`).catch(() => '')).replace(/ \(deleted\)$/, '');
        if (!cwd.startsWith(media)) continue;
        perFolder.set(cwd, (perFolder.get(cwd) ?? 0) + 1);
        // The storyboard's ffmpeg (tiling frames of a finished rung) and the thumbnail candidates'
        // (sampling frames of the MP4), both after the encode, are no encode attempt.
        if (!cmdline.includes('tile=') && !cmdline.includes('candidates/frame_')) encoderPids.add(Number(entry));
      }
      for (const [folder, n] of perFolder) encodersPerFolder.set(folder, Math.max(n, encodersPerFolder.get(folder) ?? 0));
      await pause(50);
    }
  })();

  return {
    get: (url: string) => get(url),
    async stop() {
      stopped = true;
      await Promise.all([viewers, encoders]);
      return {
        unlistedFiles,
        maxEncodersPerFolder: Math.max(0, ...encodersPerFolder.values()),
        foldersEncoded: encodersPerFolder.size,
        /** Distinct encoding ffmpeg processes seen: one per attempt (storyboards not counted). */
        encoders: encoderPids.size,
        statuses: Object.fromEntries(statuses),
        missingRetryAfter,
      };
    },
  };
}

/** What DATA_DIR/tmp holds (upload temp files). */
export const tmpFiles = (dataDir: string) => listFiles(path.join(dataDir, 'tmp'));

/**
 * Pids of the processes of a server started with LOG_REQUESTS=all that logged a request to `url`
 * in `logFile` (its JSON lines; each carries its process's pid). A line still being written is skipped.
 */
export async function pidsThatServed(logFile: string, url: string): Promise<Set<number>> {
  const pids = new Set<number>();
  for (const line of (await fs.readFile(logFile, 'utf8').catch(() => '')).split('\n')) {
    try {
      const entry = JSON.parse(line) as { pid?: number; url?: string; msg?: string };
      if (entry.msg === 'request' && entry.url === url && entry.pid) pids.add(entry.pid);
    } catch {
      // not JSON (yet)
    }
  }
  return pids;
}
