import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/db/database.ts';
import { freePort } from '../src/db/embedded.ts';
import { waitFor } from './clips.ts';
import { createUser, createVideo } from './factories.ts';
import { pidsThatServed, spawnServerProcess } from './faults/harness.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';

const adminUrl = inject('adminDatabaseUrl');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-cluster-progress-'));
const database = `progress_${randomUUID().replace(/-/g, '')}`;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const logFile = path.join(dir, 'server.log');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

await admin(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`);
const db = createDb(withDatabase(adminUrl, database), 2);
const { DATABASE_URL: _url, ENCODER_NICE: _nice, ...inherited } = process.env;
// `npm start`'s layout on a 2-CPU box: a primary and two HTTP workers. Heartbeats are written
// only when the server stops (the flush interval is a minute).
const server = await spawnServerProcess(
  'apps/server/src/server.ts',
  {
    ...inherited,
    ROLE: 'all',
    HTTP_WORKERS: '2',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: withDatabase(adminUrl, database),
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    SHUTDOWN_GRACE_SECONDS: '1',
    VIEW_FLUSH_MS: '60000',
    // Each request's log line names the process that served it.
    LOG_LEVEL: 'info',
    // A line per request, with the pid of the process that served it.
    LOG_REQUESTS: 'all',
  },
  logFile,
);

afterAll(async () => {
  await server.stop();
  await db.destroy();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await fs.rm(dir, { recursive: true, force: true });
});

/** A heartbeat on a connection of its own, so the cluster hands each to the next worker (round robin). */
function beatAlone(videoId: string, position: number): Promise<{ status: number; body: string }> {
  const data = JSON.stringify({ position, playing: true });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/video/v/${videoId}/progress`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'user-agent': 'one viewer' },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('heartbeats in a cluster (HTTP_WORKERS=2)', () => {
  it("one viewer's heartbeats through both workers are one session, written when the server stops", async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id, { duration: 60 });
    await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok || null, 60_000, 200);

    // A connection each, until both workers have served some. Counted once (the primary knows the
    // session); the rest come too soon after it and are sampled away, whichever worker took them.
    const url = `/api/video/v/${videoId}/progress`;
    const answers = [];
    for (let i = 0; i < 200 && (await pidsThatServed(logFile, url)).size < 2; i++) answers.push(await beatAlone(videoId, 1));
    expect(await waitFor(async () => (await pidsThatServed(logFile, url)).size === 2 || null, 10_000, 100)).toBe(true);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => JSON.parse(a.body).data.counted)).toEqual([true, ...Array(answers.length - 1).fill(false)]);

    expect(await db.selectFrom('video_daily_stats').selectAll().execute()).toEqual([]); // held by the primary
    expect(await server.stop()).toBe(0);
    const rows = await db
      .selectFrom('video_daily_stats')
      .select(['sessions', 'reached'])
      .where('video_id', '=', videoId)
      .execute();
    expect(rows).toEqual([{ sessions: 1, reached: [1, ...Array(20).fill(0)] }]);
  });
});

/** Pids of the processes that logged a request to `url` (pino logs each request with its pid). */
