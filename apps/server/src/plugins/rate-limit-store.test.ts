import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../test/support.ts';
import { buildApp } from '../app.ts';
import { createServices } from '../deps.ts';
import { loadConfig } from '../config.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';

const shared = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '3' });
const perProcess = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_STORE: 'memory' });

/** A second app instance (another API process) on the same database as `ctx`. */
async function secondApp(ctx: TestContext) {
  const app = await buildApp({ ...ctx.deps, services: createServices(ctx.deps) });
  afterAll(() => app.close());
  return app;
}

const login = (app: Awaited<ReturnType<typeof secondApp>>, username: string) =>
  app
    .inject({ method: 'POST', url: '/api/users/login', payload: { username, password: 'wrong password' } })
    .then((res) => res.statusCode);

describe('rate limits shared through PostgreSQL', () => {
  it('is the store whenever DATABASE_URL is set, memory with the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).rateLimit.store).toBe('postgres');
    expect(loadConfig({}).rateLimit.store).toBe('memory');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', RATE_LIMIT_STORE: 'memory' }).rateLimit.store).toBe('memory');
  });

  it('login attempts split across two API processes count against one limit', async () => {
    const user = await registerUser(shared);
    const other = await secondApp(shared);
    const first = shared.app;
    expect([await login(first, user.username), await login(other, user.username), await login(first, user.username)]).toEqual([
      401, 401, 401,
    ]);
    // The fourth is refused on either process, and the limit is per identifier.
    expect(await login(other, user.username)).toBe(429);
    expect(await login(first, user.username)).toBe(429);
    expect(await login(other, `${user.username}x`)).toBe(404);
  });

  it('with the memory store each process counts alone (what the shared store fixes)', async () => {
    const user = await registerUser(perProcess);
    const other = await secondApp(perProcess);
    for (let i = 0; i < 3; i++) expect(await login(perProcess.app, user.username)).toBe(401);
    expect(await login(perProcess.app, user.username)).toBe(429);
    expect(await login(other, user.username)).toBe(401);
  });

  it('counts concurrent hits exactly, restarts a window once it ends, and sweeps expired rows', async () => {
    const Store = createPostgresRateLimitStore(shared.db);
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/test' } });
    const incr = (key: string, windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs),
      );
    const hits = await Promise.all(Array.from({ length: 20 }, () => incr('burst', 60_000)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Math.max(...hits.map((h) => h.ttl))).toBeLessThanOrEqual(60_000);
    expect(Math.min(...hits.map((h) => h.ttl))).toBeGreaterThan(50_000);

    expect((await incr('short', 1)).current).toBe(1);
    await sql`SELECT pg_sleep(0.01)`.execute(shared.db);
    // The window ended: a new one starts at 1 (and its row is reused).
    expect(await incr('short', 60_000)).toMatchObject({ current: 1 });

    await sql`UPDATE rate_limits SET window_end = now() - interval '1 second' WHERE key LIKE '%burst'`.execute(shared.db);
    const rowsLeft = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE '%burst'`.execute(shared.db)).rows[0]!
          .n,
      );
    // A fresh store of this process sweeps on its first hit.
    const sweeper = new (createPostgresRateLimitStore(shared.db))();
    await new Promise((resolve) => sweeper.incr('any', resolve, 60_000));
    await expect.poll(rowsLeft).toBe(0);
  });
});
