import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, registerUser } from '../../test/support.ts';
import { buildApp } from '../app.ts';
import { createDb } from '../db/database.ts';
import { freePort } from '../db/embedded.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { createServices } from '../deps.ts';
import { newId } from '../lib/ids.ts';

const ctx = await createTestContext();

describe('PostgreSQL unreachable', () => {
  it('every API call answers 503 with Retry-After in the error envelope, never 500', async () => {
    const user = await registerUser(ctx);
    // The same app, but its database is a port where nothing listens.
    const deadDb = createDb(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/gone`, 2);
    const infra = { ...ctx.deps, db: deadDb };
    const app = await buildApp({ ...infra, services: createServices(infra) });
    afterAll(async () => {
      await app.close();
      await deadDb.destroy();
    });
    const id = newId();
    const calls = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/video?page=1' },
      { method: 'GET', url: `/api/video/v/${id}` },
      { method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie } },
      { method: 'POST', url: '/api/users/login', payload: { username: user.username, email: user.username, password: 'x' } },
      { method: 'GET', url: `/media/videos/${id}/master.m3u8` },
    ] as const;
    for (const call of calls) {
      const res = await app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual(errorEnvelope(503, 'Service temporarily unavailable, please retry shortly'));
    }
  });
});

describe('a connection lost inside a transaction', () => {
  it('fails the transaction as "unavailable" instead of ending the process with an unhandled error event', async () => {
    const admin = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await admin.connect();
    const failure = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // The server ends this backend while the transaction holds it between two statements.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await admin.query('select pg_sleep(0.2)');
        await sql`select 1`.execute(trx);
      })
      .catch((e: unknown) => e);
    await admin.end();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool carries on with a new connection.
    expect((await sql<{ n: number }>`select 1 as n`.execute(ctx.db)).rows).toEqual([{ n: 1 }]);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection and a server-side termination, not a bad query', async () => {
    const refused = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${await freePort()}/x` });
    const refusal = await refused.connect().catch((e: unknown) => e);
    expect(isDatabaseUnavailable(refusal)).toBe(true);

    // A backend terminated by the server mid-query: SQLSTATE 57P01 (admin_shutdown), as at a fast shutdown.
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await client.connect();
    client.on('error', () => {});
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const running = client.query('select pg_sleep(30)').catch((e: unknown) => e);
    const admin = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const terminated = await running;
    expect(terminated).toMatchObject({ code: '57P01' });
    expect(isDatabaseUnavailable(terminated)).toBe(true);

    const badQuery = await admin.query('select * from no_such_table').catch((e: unknown) => e);
    expect(badQuery).toMatchObject({ code: '42P01' });
    expect(isDatabaseUnavailable(badQuery)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection refused by the payment provider'))).toBe(false);
    await admin.end();
  });
});
