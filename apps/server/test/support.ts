import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/database.ts';
import { createServices, startWorker, type AppDeps, type Infra } from '../src/deps.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { createEvents } from '../src/events/events.ts';
import { createMetrics } from '../src/ops/metrics.ts';
import type { PaymentProvider } from '../src/features/purchases/payment-provider.ts';
import { createStorage } from '../src/storage/create-storage.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';
import { makeClip, type ClipOptions } from './clips.ts';

const silentLog = { info() {}, warn() {}, error() {} };

/**
 * A fresh database cloned from the migrated template, a temp DATA_DIR, and the real app.
 * Call once per test file at top level; everything is removed after the file.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { worker?: boolean; paymentProvider?: PaymentProvider; metrics?: boolean } = {},
) {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: withDatabase(adminUrl, name),
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_ACCOUNT_MAIL_MAX: '1000',
    JOB_RETRY_DELAY_SECONDS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests write rows directly (factories), which announce nothing, and read counters right
    // after a watch: lists are computed on every ask and views written at once, unless a test
    // file turns the cache or the batching on (list-cache.test.ts, views.test.ts).
    LIST_CACHE_MS: '0',
    VIEW_FLUSH_MS: '0',
    // Test files run in parallel: each ingest (a file whose context runs the worker) takes a free port.
    RTMP_PORT: '0',
    ...env,
  });
  const db = createDb(config.databaseUrl!, 5);
  const queue = await createJobQueue(config.databaseUrl!, config);
  const infra = {
    config,
    db,
    queue,
    events: createEvents(config.databaseUrl!, { log: silentLog }),
    storage: createStorage(config),
    log: silentLog,
    mediaSecret: 'test-media-secret-0123456789',
    paymentProvider: opts.paymentProvider,
    metrics: opts.metrics ? createMetrics({ role: config.role, queueStats: () => queue.stats() }) : undefined,
  };
  const deps: AppDeps = { ...infra, services: createServices(infra) };
  const app = await buildApp(deps);
  if (opts.worker) await startWorker(deps, { exclusive: true });

  afterAll(async () => {
    await deps.services.liveIngest.stop();
    await app.close();
    await queue.stop();
    await infra.events.close();
    await db.destroy();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  return { app, deps, db, config, dataDir };
}
export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * Another app on a test context's database, as another process has it: its own pool, services,
 * caches, events (its own LISTEN connection) and the listeners `listen` makes from the database
 * URL, ready once they all listen; closed after the file.
 */
export async function anotherProcess(base: TestContext, listen: (url: string) => Partial<Pick<Infra, 'events'>> = () => ({})) {
  const url = base.config.databaseUrl!;
  const db = createDb(url, 5);
  const listeners = { events: createEvents(url, { log: silentLog }), ...listen(url) };
  // The job queue is shared: nothing done through it uploads.
  const infra = { ...base.deps, db, ...listeners };
  const deps: AppDeps = { ...infra, services: createServices(infra) };
  const app = await buildApp(deps);
  afterAll(async () => {
    await app.close();
    for (const listener of Object.values(listeners)) await listener?.close();
    await db.destroy();
  });
  for (const started = Date.now(); !Object.values(listeners).every((l) => l?.listening());) {
    if (Date.now() - started > 5000) throw new Error('the listeners of another process did not listen in 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { app, deps, ...listeners };
}

/** An error answer as API.md §1 shapes it: the same text in `data` and `message`, plus any `extra` fields (`details`). */
export const errorEnvelope = (statusCode: number, text: string, extra: Record<string, unknown> = {}) => ({
  statusCode,
  data: text,
  message: text,
  success: false,
  ...extra,
});

/** Cookies from a response, as a `cookie` header value for the next request. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

let imageCache: Buffer | undefined;
/** A small real PNG, generated with ffmpeg at test time. */
export function testImage(): Buffer {
  if (!imageCache) {
    imageCache = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x64',
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-',
    ]);
  }
  return imageCache;
}

/** A multipart body for app.inject: `...multipart(fields, files, cookie)` ('' or none: anonymous). */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; filename: string; type: string }> = {},
  cookie?: string,
) {
  const boundary = `----streamhub${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (cookie) headers.cookie = cookie;
  return { payload: Buffer.concat(chunks), headers };
}

let counter = 0;
/** Registers a user through the real endpoint; returns its id and cookie header. */
export async function registerUser(
  ctx: TestContext,
  overrides: Partial<Record<'fullname' | 'username' | 'email' | 'password', string>> = {},
) {
  counter += 1;
  const suffix = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const fields = {
    fullname: `Test User ${counter}`,
    username: `user${suffix}`,
    email: `user${suffix}@example.com`,
    password: 'Passw0rd!',
    ...overrides,
  };
  const body = multipart(fields, { avatar: { data: testImage(), filename: 'a.png', type: 'image/png' } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/register', ...body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...fields, id: res.json().data._id as string, cookie: cookieHeader(res) };
}

/**
 * A generated clip uploaded by `owner` (POST /api/video/new, answered 201): the new video's id,
 * and its row's status and failure reason as they are now.
 */
export async function uploadClip(
  ctx: TestContext,
  owner: { cookie: string },
  { name, title, seconds = 1, width = 160, height = 120 }: { name: string; title: string } & ClipOptions,
) {
  const clip = await makeClip(name, { seconds, width, height });
  const form = multipart(
    { title, description: title },
    {
      videoFile: { data: await fs.readFile(clip), filename: path.basename(clip), type: 'video/mp4' },
      thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
    },
    owner.cookie,
  );
  const created = await ctx.app.inject({ method: 'POST', url: '/api/video/new', ...form });
  if (created.statusCode !== 201) throw new Error(`upload failed: ${created.statusCode} ${created.body}`);
  const id = created.json().data._id as string;
  const row = () =>
    ctx.db.selectFrom('videos').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id, row };
}
