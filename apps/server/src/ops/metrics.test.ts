import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip, waitFor } from '../../test/clips.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../test/support.ts';
import { startWorker } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { startMetricsListener } from './metrics.ts';

// No worker at first: the upload's job waits in the queue, where the depth gauges see it.
const ctx = await createTestContext({}, { metrics: true });
const listener = await startMetricsListener(ctx.deps.metrics!, { port: 0, host: '127.0.0.1' });
afterAll(() => listener.close());

async function scrape() {
  const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of the one sample of `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('Prometheus metrics', () => {
  it(
    'counts requests by route pattern, upload bytes, queue depth and age, jobs and transcodes',
    { timeout: 120_000 },
    async () => {
      const owner = await registerUser(ctx);
      const login = {
        method: 'POST',
        url: '/api/users/login',
        payload: { username: owner.username, password: 'wrong' },
      } as const;
      expect((await ctx.app.inject(login)).statusCode).toBe(401);
      const missing = newId();
      expect((await ctx.app.inject({ method: 'GET', url: `/api/video/v/${missing}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);

      const clip = await makeClip('metrics.mp4', { seconds: 1, width: 320, height: 240 });
      const bytes = (await fs.stat(clip)).size;
      const body = multipart(
        { title: 'Counted', description: 'A clip for the metrics test' },
        {
          videoFile: { data: await fs.readFile(clip), filename: path.basename(clip), type: 'video/mp4' },
          thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
        },
        owner.cookie,
      );
      const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/video/new', ...body });
      expect(uploaded.statusCode).toBe(201);

      const before = await scrape();
      expect(before.type).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(
        sample(before.text, 'streamhub_http_requests_total', {
          method: 'POST',
          route: '/api/users/login',
          status: '401',
          role: 'all',
        }),
      ).toBe(1);
      expect(sample(before.text, 'streamhub_http_requests_total', { route: '/api/video/v/:videoId', status: '404' })).toBe(1);
      expect(sample(before.text, 'streamhub_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
      // Route patterns only, never raw URLs.
      expect(before.text).not.toContain(missing);
      expect(
        sample(before.text, 'streamhub_http_request_duration_seconds_count', { route: '/api/video/new', method: 'POST' }),
      ).toBe(1);
      expect(sample(before.text, 'streamhub_upload_bytes_total', { field: 'videoFile' })).toBe(bytes);
      expect(sample(before.text, 'streamhub_upload_bytes_total', { field: 'avatar' })).toBe(testImage().length);
      expect(sample(before.text, 'streamhub_upload_bytes_total', { field: 'thumbnail' })).toBe(testImage().length);
      expect(sample(before.text, 'streamhub_job_queue_depth', { queue: 'video.transcode', state: 'created' })).toBe(1);
      expect(
        sample(before.text, 'streamhub_job_queue_oldest_seconds', { queue: 'video.transcode', state: 'created' }),
      ).toBeGreaterThanOrEqual(0);
      expect(before.text).toContain('# TYPE streamhub_http_errors_total counter');
      expect(before.text).toContain('streamhub_process_cpu_seconds_total');

      await startWorker(ctx.deps, { exclusive: true });
      const after = await waitFor(async () => {
        const { text } = await scrape();
        return sample(text, 'streamhub_jobs_total', { queue: 'video.transcode', outcome: 'completed' }) === 1 ? text : null;
      }, 90_000);
      expect(sample(after, 'streamhub_transcode_duration_seconds_count', { top_rung: '240p' })).toBe(1);
      expect(sample(after, 'streamhub_transcode_duration_seconds_sum', { top_rung: '240p' })).toBeGreaterThan(0);
      expect(sample(after, 'streamhub_transcoded_video_seconds_total', { top_rung: '240p' })).toBeCloseTo(1, 0);
      expect(sample(after, 'streamhub_job_duration_seconds_count', { queue: 'video.transcode', outcome: 'completed' })).toBe(1);
      // The queue is empty once the job's outcome is stored (the gauges are read at most every second).
      await expect
        .poll(async () => /streamhub_job_queue_depth\{/.test((await scrape()).text), { timeout: 10_000, interval: 300 })
        .toBe(false);
    },
  );

  it('is not served on the public port, and its own listener answers nothing else', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('streamhub_');
    expect((await fetch(`http://127.0.0.1:${listener.port}/api/health`)).status).toBe(404);
  });
});
