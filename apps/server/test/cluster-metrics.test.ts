import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { newId } from '../src/lib/ids.ts';
import { makeClip, waitFor } from './clips.ts';
import { counter } from './multi-node/cluster.ts';
import { currentUserId, pidsThatServed, register, spawnServerProcess, uploadClip, waitFinished } from './faults/harness.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';

const REQUESTS = 20;
const adminUrl = inject('adminDatabaseUrl');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-cluster-metrics-'));
const database = `metrics_${randomUUID().replace(/-/g, '')}`;
const [port, metricsPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
const logFile = path.join(dir, 'server.log');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

await admin(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`);
const { DATABASE_URL: _url, ENCODER_NICE: _nice, ...inherited } = process.env;
// `npm start`'s layout on a 2-CPU box: a primary (jobs, queue, metrics listener) and two HTTP workers.
const server = await spawnServerProcess(
  'apps/server/src/server.ts',
  {
    ...inherited,
    ROLE: 'all',
    HTTP_WORKERS: '2',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATABASE_URL: withDatabase(adminUrl, database),
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    SHUTDOWN_GRACE_SECONDS: '1',
    LOG_LEVEL: 'info',
    // A line per request, with the pid of the process that served it.
    LOG_REQUESTS: 'all',
  },
  logFile,
);

afterAll(async () => {
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await fs.rm(dir, { recursive: true, force: true });
});

/** A GET on a connection of its own, so the cluster hands each to the next worker (round robin). */
function getAlone(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}

describe('metrics of npm start’s cluster (HTTP_WORKERS=2) on METRICS_PORT', () => {
  it(
    'add up the HTTP workers’ request and upload counts and show the primary’s job and queue metrics',
    { timeout: 120_000 },
    async () => {
      await waitFor(
        async () => {
          if (!server.isRunning()) throw new Error(`the server exited:\n${await fs.readFile(logFile, 'utf8')}`);
          const [health, metrics] = await Promise.all(
            [fetch(`${base}/api/health`), fetch(metricsUrl)].map((p) => p.catch(() => null)),
          );
          return health?.status === 200 && metrics?.status === 200;
        },
        90_000,
        100,
      );

      const missing = `/api/video/v/${newId()}`;
      // At least REQUESTS, and on until both workers have answered some (a worker that is still
      // starting takes none): the sum then cannot be one worker's count.
      let sent = 0;
      while (sent < REQUESTS || ((await pidsThatServed(logFile, missing)).size < 2 && sent < 400)) {
        expect(await getAlone(`${base}${missing}`)).toBe(404);
        sent += 1;
      }
      await waitFor(async () => (await pidsThatServed(logFile, missing)).size === 2, 10_000, 100);
      expect((await pidsThatServed(logFile, missing)).has(server.pid)).toBe(false);
      expect(await counter(metricsUrl, 'streamhub_http_requests_total', { route: '/api/video/v/:videoId', status: '404' })).toBe(
        sent,
      );
      expect(await counter(metricsUrl, 'streamhub_http_request_duration_seconds_count', { route: '/api/video/v/:videoId' })).toBe(
        sent,
      );

      // An upload through a worker (its bytes counted there), transcoded by the primary's job worker.
      const cookie = await register(base, 'clustermetrics');
      const clip = await makeClip('cluster-metrics.mp4', { seconds: 1, width: 320, height: 240 });
      const videoId = await uploadClip(base, cookie, clip);
      await waitFinished(base, cookie, await currentUserId(base, cookie), videoId);
      expect(await counter(metricsUrl, 'streamhub_upload_bytes_total', { field: 'videoFile' })).toBe((await fs.stat(clip)).size);
      await waitFor(
        async () => (await counter(metricsUrl, 'streamhub_jobs_total', { queue: 'video.transcode', outcome: 'completed' })) === 1,
        10_000,
        200,
      );

      const text = await (await fetch(metricsUrl)).text();
      // The queue gauges, from the primary alone (its HTTP workers do not report the queue).
      expect(text).toContain('# TYPE streamhub_job_queue_depth gauge');
      // One exposition: every family once, every series labelled with the role.
      const types = text.split('\n').filter((l) => l.startsWith('# TYPE '));
      expect(new Set(types).size).toBe(types.length);
      expect(text).toMatch(/^streamhub_http_requests_total\{[^}]*role="all"[^}]*\} \d+$/m);
    },
  );
});
