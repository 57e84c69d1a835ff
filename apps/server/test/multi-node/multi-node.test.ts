import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { isRunning, listFiles, makeClip, waitFor } from '../clips.ts';
import { startTestS3 } from '../s3-server.ts';
import { rungPlaylistPath } from '../../src/media/ffmpeg-args.ts';
import { currentUserId, expectFirstSegment, register, waitFinished } from '../faults/harness.ts';
import { counter, encodersOf, startCluster, type StorageSetup } from './cluster.ts';
import { uploadWithCut, type UploadMethod } from './uploads.ts';

/**
 * Two switches: `STORAGE = startTestS3` runs an s3rver child and STORAGE_DRIVER=s3 on every
 * process, each on a DATA_DIR of its own (`'local'`: one shared DATA_DIR); `UPLOAD = 'tus'`
 * uploads resumably through /api/uploads/ (`'multipart'`: POST /api/video/new with the file).
 */
const STORAGE: StorageSetup = startTestS3;
const UPLOAD: UploadMethod = 'tus';

const LOGIN_MAX = 6;
const cluster = await startCluster({
  storage: STORAGE,
  env: {
    RATE_LIMIT_LOGIN_MAX: String(LOGIN_MAX),
    // A job whose worker died is retried once it expires: base + 4 × the clip's 4 s.
    JOB_EXPIRE_BASE_SECONDS: '8',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '0',
  },
});
const [node1, node2] = cluster.api as [(typeof cluster.api)[0], (typeof cluster.api)[0]];

describe('two API processes behind nginx, workers apart, one PostgreSQL', () => {
  it(
    'an upload to node 1 (cut once) is transcoded by a worker, finished by another after a kill -9, and watched through node 2 and nginx',
    { timeout: 170_000 },
    async () => {
      const worker1 = await cluster.startWorker();
      const cookie = await register(node1.base, 'multinode');
      const ownerId = await currentUserId(node2.base, cookie);
      const clip = await makeClip('multi.mp4', { seconds: 4, width: 640, height: 360 });

      const id = await uploadWithCut(UPLOAD, node1.base, cookie, clip);
      // The cut upload left no temp file on node 1, and no second video.
      await waitFor(async () => (await listFiles(`${node1.dataDir}/tmp`)).length === 0, 10_000, 50);

      // Node 2 knows the session and the video at once: everything lives in PostgreSQL.
      const mine = await dashboard(node2.base, cookie, ownerId);
      expect(mine.videos.map((v) => v._id)).toEqual([id]);
      expect(mine.uploads.uploaded).toBe(1);

      // The worker's encoder runs: the worker is killed, and its encoder dies with it.
      const [encoder] = await waitFor(() => encodersOf(worker1.process.pid).then((e) => e.length > 0 && e), 60_000, 10);
      expect((await dashboard(node2.base, cookie, ownerId)).videos[0]!.status).toBe('processing');
      await worker1.process.kill9();
      await waitFor(async () => !(await isRunning(encoder!)), 30_000, 20);

      // Another worker takes the job once it expires (the first one cannot say it stopped).
      const worker2 = await cluster.startWorker();
      const video = await waitFinished(node2.base, cookie, ownerId, id);
      expect(video.status).toBe('ready');
      // The retried job ends on worker 2 (its last step may come just after the video shows ready).
      const completed = () =>
        counter(worker2.metricsUrl, 'streamhub_jobs_total', { queue: 'video.transcode', outcome: 'completed' });
      await waitFor(async () => (await completed()) >= 1, 30_000, 100).catch(() => undefined);
      expect(await completed()).toBe(1);

      // Watched through node 2 directly, then through nginx, anonymously: every rendition.
      for (const base of [node2.base, cluster.base]) {
        const res = await fetch(`${base}/api/video/v/${id}`);
        expect(res.status).toBe(200);
        const watched = ((await res.json()) as { data: { status: string; hlsUrl: string; videoFile: string } }).data;
        expect(watched.status).toBe('ready');
        await expectRenditions(base, watched, ['360p', '240p']);
      }
      await worker2.process.stop();
    },
  );

  it('the login limit holds across both API processes through nginx, per client address', { timeout: 60_000 }, async () => {
    await register(cluster.base, 'limited');
    const before = await Promise.all(cluster.api.map((n) => loginAnswers(n.metricsUrl, '401')));

    // One client (127.0.0.2) guesses through nginx, which spreads the attempts over both processes.
    const attempt = (from: string, password = 'wrong-password') =>
      post(`${cluster.base}/api/users/login`, { username: 'limited', password }, from, {
        origin: cluster.base,
      });
    for (let i = 0; i < LOGIN_MAX; i += 1) expect((await attempt('127.0.0.2')).status).toBe(401);
    expect((await attempt('127.0.0.2')).status).toBe(429);
    expect((await attempt('127.0.0.2', 'Passw0rd!')).status).toBe(429);
    const after = await Promise.all(cluster.api.map((n) => loginAnswers(n.metricsUrl, '401')));
    // Both processes answered some of the attempts, and together they allowed LOGIN_MAX.
    expect(after.map((n, i) => n - before[i]!).every((n) => n > 0)).toBe(true);
    expect(after.reduce((a, b) => a + b) - before.reduce((a, b) => a + b)).toBe(LOGIN_MAX);

    // Node 2 reached directly refuses that client too: the count is in PostgreSQL.
    const direct = await post(`${node2.base}/api/users/login`, { username: 'limited', password: 'x' }, '127.0.0.2');
    expect(direct.status).toBe(429);

    // The limit is the client's, not nginx's: another address still signs in.
    const other = await attempt('127.0.0.3', 'Passw0rd!');
    expect(other.status, other.body).toBe(200);
  });
});

async function dashboard(base: string, cookie: string, ownerId: string) {
  const res = await fetch(`${base}/api/dashboard/videos/${ownerId}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { videos: { _id: string; status: string }[]; uploads: { uploaded: number } } }).data;
}

/**
 * What a player gets from the URLs of the watch call (wherever the storage driver puts them):
 * the master playlist naming every rung, each rung finished with a segment that answers, and
 * the MP4 with Range.
 */
async function expectRenditions(base: string, watched: { hlsUrl: string; videoFile: string }, rungs: string[]) {
  const masterUrl = new URL(watched.hlsUrl, base);
  const master = await fetch(masterUrl);
  expect(master.status).toBe(200);
  const variants = (await master.text()).split('\n').filter((l) => l.endsWith('.m3u8'));
  const ladder = rungs.map((name) => ({ name }));
  expect(variants.sort()).toEqual(ladder.map((rung) => rungPlaylistPath(rung, ladder)).sort());
  for (const variant of variants) {
    const variantUrl = new URL(variant, masterUrl);
    const playlist = await fetch(variantUrl);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-ENDLIST');
    await expectFirstSegment(variantUrl, text);
  }
  const mp4 = await fetch(new URL(watched.videoFile, base), { headers: { range: 'bytes=0-99' } });
  expect(mp4.status).toBe(206);
}

/** Login answers with this status so far, per process (its own metrics listener). */
const loginAnswers = (metricsUrl: string, status: string) =>
  counter(metricsUrl, 'streamhub_http_requests_total', { method: 'POST', route: '/api/users/login', status });

/** A JSON POST sent from a given local address (127.0.0.0/8 is all this machine's). */
function post(url: string, body: object, localAddress: string, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
