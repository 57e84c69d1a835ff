import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { listFiles, makeClip, waitFor } from './clips.ts';
import { testImage } from './support.ts';

// `npm run backup` and `npm run restore` (docs/backup.md) on the real server and its embedded
// PostgreSQL: a site with users, videos (one exclusive), comments, a purchase and a refund is
// backed up while traffic runs, restored into another DATA_DIR, started there, and answers the
// same as the original, with every media byte and the books intact.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];
const servers: ChildProcess[] = [];
afterAll(async () => {
  for (const s of servers) if (s.exitCode === null) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : null)));
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

const envFor = (dataDir: string, port: number): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: 'all',
    HTTP_WORKERS: '1',
    RTMP_PORT: '0',
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    // The comparison's own watch calls count views on both sites alike: written at once, never
    // cached, so each answer shows them.
    VIEW_FLUSH_MS: '0',
    LIST_CACHE_MS: '0',
  };
  delete env.DATABASE_URL;
  return env;
};

async function start(dataDir: string) {
  const port = await freePort();
  const child = spawn(tsx, ['apps/server/src/server.ts'], { cwd: root, env: envFor(dataDir, port), stdio: 'ignore' });
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200, 120_000, 100);
  return { base, child, port };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A command line tool of the server (`npm run …`) on DATA_DIR; its exit code and output. */
async function cli(script: string, args: string[], dataDir: string) {
  return run(tsx, [script, ...args], { cwd: root, env: envFor(dataDir, 0), maxBuffer: 8 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({
      code: err.code ?? 1,
      out: `${err.stdout ?? ''}${err.stderr ?? ''}`,
    }),
  );
}

async function register(base: string, username: string): Promise<{ id: string; cookie: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fullname: `User ${username}`,
    username,
    email: `${username}@example.com`,
    password: 'Passw0rd!',
  }))
    form.set(k, v);
  form.set('avatar', new Blob([testImage()], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${base}/api/users/register`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: ((await res.json()) as { data: { _id: string } }).data._id, cookie };
}

async function upload(base: string, cookie: string, title: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, description: `${title}, backed up`, ...fields })) form.set(k, v);
  form.set(
    'videoFile',
    new Blob([await fs.readFile(await makeClip('clip.mp4', { seconds: 3 }))], { type: 'video/mp4' }),
    'clip.mp4',
  );
  form.set('thumbnail', new Blob([testImage()], { type: 'image/png' }), 't.png');
  const res = await fetch(`${base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

async function api(base: string, method: string, url: string, cookie?: string, json?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { data: unknown } | null };
}

/** Every file under `dir` with the sha256 of its bytes. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) await walk(child);
      else
        out[child] = createHash('sha256')
          .update(await fs.readFile(path.join(dir, child)))
          .digest('hex');
    }
  };
  await walk('');
  return out;
}

/** An answer with the parts that differ between two servers by design taken out: media tokens (bound to a process's secret and time). */
const comparable = (answer: unknown) => JSON.parse(JSON.stringify(answer).replace(/\/media\/t\/[^/"]+\//g, '/media/t/TOKEN/'));

it(
  'backs up under traffic, restores into an empty DATA_DIR, and the restored site answers the same',
  { timeout: 600_000 },
  async () => {
    const original = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-backup-a-'));
    const restored = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-backup-b-'));
    const files = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-backup-files-'));
    dirs.push(original, restored, files);
    const a = await start(original);

    // The site: a creator with a public and two exclusive videos, a buyer, comments, a purchase and a refund.
    const creator = await register(a.base, 'creator');
    const buyer = await register(a.base, 'buyer');
    const staff = await register(a.base, 'staff');
    const granted = await cli('apps/server/src/admin-cli.ts', ['grant', 'staff', 'admin'], original);
    expect(granted.code, granted.out).toBe(0);
    const open = await upload(a.base, creator.cookie, 'Open video');
    const paid = await upload(a.base, creator.cookie, 'Paid video', { isExclusive: 'true', price: '6' });
    const refunded = await upload(a.base, creator.cookie, 'Refunded video', { isExclusive: 'true', price: '8' });
    const busy = await upload(a.base, creator.cookie, 'Busy video');
    for (const id of [open, paid, refunded, busy]) {
      await waitFor(async () => {
        const res = await api(a.base, 'GET', `/api/dashboard/videos/${creator.id}`, creator.cookie);
        const v = (res.body?.data as { videos: { _id: string; status: string; progress: number }[] }).videos.find(
          (x) => x._id === id,
        );
        return v?.status === 'ready' && v.progress === 100;
      }, 180_000);
    }
    expect((await api(a.base, 'POST', `/api/comment/video/${open}`, buyer.cookie, { content: 'Lovely' })).status).toBe(201);
    expect((await api(a.base, 'GET', `/api/purchase/buy/video/${paid}`, buyer.cookie)).status).toBe(200);
    expect((await api(a.base, 'GET', `/api/purchase/buy/video/${refunded}`, buyer.cookie)).status).toBe(200);
    const takedown = await api(a.base, 'POST', '/api/admin/takedown', staff.cookie, {
      targetType: 'video',
      targetId: refunded,
      reason: 'Rights',
    });
    expect(takedown.status).toBe(200);

    // Traffic while the backup runs: reads of lists, pages' calls and media, and new comments on one video.
    let traffic = true;
    let requests = 0;
    const load = (async () => {
      const master = `/media/videos/${open}/master.m3u8`;
      for (let i = 0; traffic; i++) {
        const results = await Promise.all([
          fetch(`${a.base}/api/video?page=1`),
          fetch(`${a.base}${master}`),
          fetch(`${a.base}/api/comment/video/${open}`),
          api(a.base, 'POST', `/api/comment/video/${busy}`, buyer.cookie, { content: `Comment ${i}` }),
        ]);
        for (const r of results) expect(r.status).toBeLessThan(300);
        requests += results.length;
      }
    })();
    const file = path.join(files, 'site.tar');
    const backedUp = await cli('apps/server/src/backup-cli.ts', ['backup', file], original);
    traffic = false;
    await load;
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(requests).toBeGreaterThan(0);

    // Restoring into a DATA_DIR that holds data is refused, nothing touched.
    const refused = await cli('apps/server/src/backup-cli.ts', ['restore', file], original);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/already holds a database/);

    const restoredRun = await cli('apps/server/src/backup-cli.ts', ['restore', file], restored);
    expect(restoredRun.code, restoredRun.out).toBe(0);
    const b = await start(restored);

    // The same answers (sessions are in the database: the same cookies work on the copy).
    const busyComments = async (base: string) => (await api(base, 'GET', `/api/comment/video/${busy}`)).body!.data as unknown[];
    const calls: [string, string?][] = [
      ['/api/video?page=1'],
      [`/api/video?page=1&query=video`],
      [`/api/video/v/${open}`, buyer.cookie],
      [`/api/video/v/${paid}`, buyer.cookie],
      [`/api/video/v/${paid}`, creator.cookie],
      [`/api/video/v/${refunded}`, buyer.cookie],
      [`/api/comment/video/${open}`],
      [`/api/purchase/track`, buyer.cookie],
      [`/api/users/current_user`, creator.cookie],
      [`/api/dashboard/stats/${creator.id}`],
      [`/api/dashboard/videos/${creator.id}`, creator.cookie],
      [`/api/users/channel/${creator.id}`, buyer.cookie],
      [`/api/admin/audit`, staff.cookie],
    ];
    for (const [url, cookie] of calls) {
      const [x, y] = [await api(a.base, 'GET', url, cookie), await api(b.base, 'GET', url, cookie)];
      expect(y.status, url).toBe(x.status);
      expect(comparable(y.body), url).toEqual(comparable(x.body));
    }
    // The busy video's comments on the copy are those of some moment of the backup: a prefix of the original's.
    const [after, copy] = [await busyComments(a.base), await busyComments(b.base)];
    expect(after.slice(0, copy.length)).toEqual(copy);

    // Every media byte.
    const [mediaA, mediaB] = [await tree(path.join(original, 'media')), await tree(path.join(restored, 'media'))];
    expect(Object.keys(mediaB).length).toBeGreaterThan(10);
    expect(mediaB).toEqual(mediaA);
    // A media file served by the copy, byte for byte.
    const mp4 = await fetch(`${b.base}/media/videos/${open}/video.mp4`);
    expect(mp4.status).toBe(200);
    expect(
      Buffer.from(await mp4.arrayBuffer()).equals(await fs.readFile(path.join(restored, 'media', 'videos', open, 'video.mp4'))),
    ).toBe(true);

    // The books balance on the copy, the refund included.
    const ledger = await cli('apps/server/src/ledger-check.ts', [], restored);
    expect(ledger.code, ledger.out).toBe(0);
    expect(ledger.out).toMatch(/1 refunded/);
    // No staging folder is left behind.
    expect((await listFiles(original)).filter((f) => f.startsWith('.backup-'))).toEqual([]);
    expect((await listFiles(restored)).filter((f) => f.startsWith('.restore-'))).toEqual([]);

    await stop(a.child);
    await stop(b.child);
  },
);
