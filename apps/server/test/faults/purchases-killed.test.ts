import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/database.ts';
import { runningEmbeddedUrl } from '../../src/db/embedded.ts';
import { waitFor } from '../clips.ts';
import { createFaultEnv, register } from './harness.ts';

const env = await createFaultEnv('purchases');
const run = promisify(execFile);

const post = (url: string, cookie: string, json?: object) =>
  fetch(`${env.base}${url}`, {
    method: 'POST',
    headers: { cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });

/** The server's own database (its embedded PostgreSQL outlives a kill -9 of the server). */
async function database(): Promise<Db> {
  const url = await runningEmbeddedUrl(path.join(env.dataDir, 'pg'));
  if (!url) throw new Error('the embedded PostgreSQL is not running');
  return createDb(url, 2);
}

const purchaseStates = (db: Db) =>
  db
    .selectFrom('purchases as p')
    .leftJoin('test_payments as t', 't.purchase_id', 'p.id')
    .select(['p.id', 'p.buyer_id', 'p.playlist_id', 'p.status', 't.status as payment'])
    .where('p.kind', '=', 'playlist')
    .execute();

describe('the server killed (kill -9) while people buy', () => {
  it(
    'every purchase it left pending is resolved with the provider after the restart: settled and granted, or failed and refunded',
    { timeout: 300_000 },
    async () => {
      await env.start();
      const creator = await register(env.base, 'seller');
      // 5 exclusive playlists, 10 buyers, each buying every playlist at once: 50 concurrent buys.
      const playlists: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/playlist', creator, { name: `Bundle ${i}`, description: '', isExclusive: true, price: 25 });
        expect(res.status, await res.clone().text()).toBe(201);
        playlists.push(((await res.json()) as { data: { _id: string } }).data._id);
      }
      const buyers: string[] = [];
      for (let i = 0; i < 10; i++) buyers.push(await register(env.base, `buyer${i}`));

      let answered = 0;
      const buys = buyers.flatMap((cookie) =>
        playlists.map((id) =>
          post(`/api/purchase/buy/playlist/${id}`, cookie).then(
            (r) => ((answered += 1), r.status),
            () => 'cut off' as const,
          ),
        ),
      );
      // Killed as soon as the first buyers are answered: the others are somewhere in their purchase.
      await waitFor(async () => answered >= 1, 60_000, 5);
      await env.server.kill9();
      const answers = await Promise.all(buys);
      expect(answers.filter((a) => a !== 'cut off' && a !== 200)).toEqual([]);

      let db = await database();
      const atKill = await purchaseStates(db);
      const pendingAtKill = atKill.filter((p) => p.status === 'pending');
      await db.destroy();
      // The kill left purchases pending (what stranded their buyers with 409 for good before).
      expect(pendingAtKill.length).toBeGreaterThan(0);

      const restartedAt = Date.now();
      await env.start();
      db = await database();
      try {
        // Resolved within a minute of the restart (RECOVER_AFTER_MS, then the next 15 s run).
        await waitFor(async () => (await purchaseStates(db)).every((p) => p.status !== 'pending'), 75_000, 500);
        const resolvedIn = Date.now() - restartedAt;
        expect(resolvedIn).toBeLessThan(75_000);

        const after = await purchaseStates(db);
        const recovered = after.filter((p) => pendingAtKill.some((k) => k.id === p.id));
        const recoveredSettled = recovered.filter((p) => p.status === 'settled').length;
        for (const p of after) {
          // The provider's books and ours agree: money kept ⇔ settled.
          if (p.status === 'settled') expect(p.payment).toBe('settled');
          else expect([null, 'refunded']).toContain(p.payment);
        }
        // Every buyer holds each playlist at most once, and can buy or watch every one now.
        for (const cookie of buyers) {
          for (const id of playlists) {
            const res = await fetch(`${env.base}/api/playlist/${id}`, { headers: { cookie } });
            const access = ((await res.json()) as { data: { access: boolean } }).data.access;
            const again = await post(`/api/purchase/buy/playlist/${id}`, cookie);
            const body = (await again.json()) as { data: unknown };
            if (access) expect([again.status, body.data]).toEqual([409, 'Already purchased']);
            else expect(again.status, JSON.stringify(body)).toBe(200);
          }
        }
        const settled = (await purchaseStates(db)).filter((p) => p.status === 'settled');
        expect(settled).toHaveLength(50);
        expect(new Set(settled.map((p) => `${p.buyer_id}:${p.playlist_id}`)).size).toBe(50);

        const check = await run('npx', ['tsx', 'apps/server/src/ledger-check.ts'], {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          env: { ...process.env, DATA_DIR: env.dataDir, DATABASE_URL: '' },
        });
        expect(check.stdout).toMatch(/^ledger ok: 50 settled purchases/);
        console.log(
          `purchases killed: ${answers.filter((a) => a === 200).length} answered before the kill, ` +
            `${pendingAtKill.length} left pending (${recoveredSettled} charged, settled by recovery; ` +
            `${pendingAtKill.length - recoveredSettled} failed), all resolved ${resolvedIn} ms after the restart`,
        );
      } finally {
        await db.destroy();
      }
    },
  );
});
