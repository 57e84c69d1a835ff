import fs from 'node:fs/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/support.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { freePort } from '../db/embedded.ts';
import { startupBanner } from './banner.ts';
import { readinessRoutes } from './readiness.ts';

const ctx = await createTestContext();

describe('GET /api/ready', () => {
  it('200 with every check while the database, the media folder and the queue answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { ready: true, checks: { database: 'ok', storage: 'ok', queue: 'ok' } },
      message: 'Ready',
      success: true,
    });
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('503 naming what failed: a media folder that is gone, a database that does not answer', async () => {
    await fs.rm(ctx.config.mediaDir, { recursive: true, force: true });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        statusCode: 503,
        data: 'Not ready: storage unavailable',
        success: false,
        checks: { database: 'ok', storage: 'failed', queue: 'ok' },
      });
    } finally {
      await fs.mkdir(ctx.config.mediaDir, { recursive: true });
    }
    // Nothing listens on this port: the database check (and the queue's, which reads the same database) fails, fast.
    const dead = createDb(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, 1);
    const app = Fastify();
    await app.register(readinessRoutes, {
      db: dead,
      storage: ctx.deps.storage,
      queue: ctx.deps.queue,
      mediaDir: ctx.config.mediaDir,
    });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe('failed');
      expect(res.json().data).toMatch(/^Not ready: database/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      await dead.destroy();
    }
  });
});

describe('the first-start banner', () => {
  it('says where the site and the data are, and how to make the first admin while there is none', () => {
    const config = loadConfig({ DATA_DIR: '/srv/streamhub', PORT: '3000' });
    const first = startupBanner(config, { hasAdmin: false, httpProcesses: 2 });
    expect(first).toContain('Site:      http://localhost:3000');
    expect(first).toContain('Data:      /srv/streamhub');
    expect(first).toContain('embedded PostgreSQL in /srv/streamhub/pg');
    expect(first).toContain('npm run admin -- grant <username> admin');
    expect(first).toContain('until PUBLIC_URL is set');
    const later = startupBanner(loadConfig({ DATA_DIR: '/srv/streamhub', PUBLIC_URL: 'https://videos.example.com' }), {
      hasAdmin: true,
      httpProcesses: 1,
    });
    expect(later).toContain('Site:      https://videos.example.com (this machine: http://localhost:3000)');
    expect(later).not.toContain('grant');
    expect(later).not.toContain('PUBLIC_URL');
  });
});
