import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPlaylist, createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { newId } from '../../lib/ids.ts';
import { unresolvedCharges } from './charge-check.ts';

// The life cycle of a purchase to its end: buying again after a refund, a charge whose settling
// fails, and purchases left pending (docs/paid-content.md, "Life cycle" and "Recovery").

const ctx = await createTestContext();
const { db } = ctx;
const { purchases, ledger } = ctx.deps.services;
const payment = purchases.provider;

const call = (method: 'GET' | 'POST', url: string, cookie?: string, json?: object) =>
  ctx.app.inject({ method, url, ...(json ? { payload: json } : {}), headers: cookie ? { cookie } : {} });

async function moderator() {
  const user = await registerUser(ctx);
  await db.updateTable('users').set({ role: 'moderator' }).where('id', '=', user.id).execute();
  return user;
}

/** The provider's books: what the `test` provider holds for each purchase of the buyer. */
const payments = async (buyerId: string) =>
  db
    .selectFrom('test_payments as t')
    .innerJoin('purchases as p', 'p.id', 't.purchase_id')
    .select(['p.id', 'p.status as purchase', 't.status as payment'])
    .where('p.buyer_id', '=', buyerId)
    .orderBy('p.created_at')
    .execute();

/** Every check `npm run ledger:check` makes, in process. */
const booksProblems = async () => [...(await ledger.problems()), ...(await unresolvedCharges(db, payment))];

describe('buying again after a takedown, a refund and a restore', () => {
  it.each(['video', 'playlist'] as const)('a %s: the new purchase settles and grants; the books balance', async (kind) => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 999 });
    const itemId =
      kind === 'video'
        ? videoId
        : await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2000, videoIds: [videoId] });
    const fan = await registerUser(ctx);
    const mod = await moderator();
    const buy = () => call('POST', `/api/purchase/buy/${kind}/${itemId}`, fan.cookie);
    const canWatch = async () => (await call('GET', `/api/purchase/info/${videoId}`, fan.cookie)).json().data.hasAccess;

    expect((await buy()).statusCode).toBe(200);
    const down = await call('POST', '/api/admin/takedown', mod.cookie, { targetType: kind, targetId: itemId, reason: 'Stolen' });
    expect(down.statusCode, down.body).toBe(200);
    const restored = await call('POST', '/api/admin/restore', mod.cookie, { targetType: kind, targetId: itemId });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await canWatch()).toBe(false);

    const again = await buy();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'settled', kind });
    expect(await canWatch()).toBe(true);
    expect((await buy()).json()).toMatchObject({ statusCode: 409, data: 'Already purchased' });
    // The provider collected twice and gave the first back (the refund's money goes back after
    // commit: delivered here as the worker's durable subscriber does); our books say the same.
    for (const p of await payments(fan.id)) await ctx.deps.services.purchases.returnMoney(p.id);
    expect((await payments(fan.id)).map((p) => [p.purchase, p.payment])).toEqual([
      ['refunded', 'refunded'],
      ['settled', 'settled'],
    ]);
    const entitlements = await db.selectFrom('entitlements').select('purchase_id').where('user_id', '=', fan.id).execute();
    expect(entitlements).toHaveLength(2);
    expect(await booksProblems()).toEqual([]);

    // A second takedown refunds the second purchase too, and buying a third time works again.
    await call('POST', '/api/admin/takedown', mod.cookie, { targetType: kind, targetId: itemId, reason: 'Again' });
    await call('POST', '/api/admin/restore', mod.cookie, { targetType: kind, targetId: itemId });
    expect((await buy()).statusCode).toBe(200);
    expect(await canWatch()).toBe(true);
    expect(await booksProblems()).toEqual([]);
  });
});

describe('a charge whose settling fails', () => {
  it('is refunded and fails (402), never left pending; the item can be bought once the fault is gone', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 500 });
    const fan = await registerUser(ctx);
    // A planted fault: the database refuses this buyer's entitlements, so settling throws after the charge.
    await sql
      .raw(
        `CREATE FUNCTION refuse_fan() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           IF NEW.user_id = '${fan.id}' THEN RAISE EXCEPTION 'planted fault'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER refuse_fan BEFORE INSERT ON entitlements FOR EACH ROW EXECUTE FUNCTION refuse_fan();`,
      )
      .execute(db);
    try {
      const res = await call('POST', `/api/purchase/buy/video/${videoId}`, fan.cookie);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json().data).toBe('Payment failed: The purchase could not be completed; the payment was refunded');
      expect(res.body).not.toMatch(/planted|constraint|stack/);
      const [row] = await db.selectFrom('purchases').selectAll().where('buyer_id', '=', fan.id).execute();
      expect(row).toMatchObject({ status: 'failed', provider_ref: `test_${row!.id}` });
      expect((await payments(fan.id)).map((p) => p.payment)).toEqual(['refunded']);
      expect(await booksProblems()).toEqual([]);
    } finally {
      await sql.raw('DROP TRIGGER refuse_fan ON entitlements; DROP FUNCTION refuse_fan();').execute(db);
    }
    expect((await call('POST', `/api/purchase/buy/video/${videoId}`, fan.cookie)).statusCode).toBe(200);
  });
});

describe('recovery of pending purchases', () => {
  /** A purchase left pending `ageSeconds` ago, as a crash leaves it: charged by the provider or not. */
  async function leftPending(buyerId: string, videoId: string, sellerId: string, ageSeconds: number, charged: boolean) {
    const id = newId();
    await db
      .insertInto('purchases')
      .values({
        id,
        buyer_id: buyerId,
        kind: 'video',
        video_id: videoId,
        seller_id: sellerId,
        title: 'Left pending',
        amount_minor: 700,
        idempotency_key: id,
        provider: 'test',
        created_at: sql<Date>`now() - make_interval(secs => ${ageSeconds})`,
      })
      .execute();
    if (charged) await payment.charge({ purchaseId: id, buyerId, amountMinor: 700, description: 'x', returnPath: '/' });
    return id;
  }

  it('a charged one settles with its entitlement, an uncharged one fails; ledger:check fails until then', async () => {
    const owner = await registerUser(ctx);
    const [v1, v2, v3] = await Promise.all(
      [1, 2, 3].map(() => createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 })),
    );
    const fan = await registerUser(ctx);
    const charged = await leftPending(fan.id, v1!, owner.id, 120, true);
    const uncharged = await leftPending(fan.id, v2!, owner.id, 120, false);
    const fresh = await leftPending(fan.id, v3!, owner.id, 1, true);

    // Stuck: the buyer is told "in progress" and has no access; the check names the charged one.
    expect((await call('POST', `/api/purchase/buy/video/${v1}`, fan.cookie)).json()).toMatchObject({
      statusCode: 409,
      data: 'Purchase already in progress',
    });
    expect(await booksProblems()).toEqual([expect.stringContaining(`pending purchase ${charged} was charged 700 by test`)]);
    const check = await promisify(execFile)('npx', ['tsx', path.join(import.meta.dirname, '../../ledger-check.ts')], {
      env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl },
    }).catch((err: { code: number; stderr: string }) => err);
    expect(check).toMatchObject({ code: 1, stderr: expect.stringContaining(`pending purchase ${charged} was charged`) });

    const counts = await purchases.recoverPending();
    expect(counts).toMatchObject({ settled: 1, failed: 1 });
    const status = async (id: string) =>
      await db.selectFrom('purchases').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await status(charged)).toEqual({ status: 'settled', failure_reason: null });
    expect(await status(uncharged)).toEqual({
      status: 'failed',
      failure_reason: 'The payment was interrupted; nothing was charged',
    });
    // Younger than RECOVER_AFTER_MS: its buy call may still be settling it.
    expect((await status(fresh)).status).toBe('pending');
    expect((await call('GET', `/api/purchase/info/${v1}`, fan.cookie)).json().data.hasAccess).toBe(true);
    expect(await booksProblems()).toEqual([]);

    // The uncharged one's item is free again; a late charge of a failed purchase is given back.
    expect((await call('POST', `/api/purchase/buy/video/${v2}`, fan.cookie)).statusCode).toBe(200);
    await purchases.recoverPending(0);
    expect((await status(fresh)).status).toBe('settled');
    expect(await booksProblems()).toEqual([]);
  });

  it('a pending purchase the provider refunded fails; one it cannot settle is refunded', async () => {
    const owner = await registerUser(ctx);
    const [v1, v2] = await Promise.all([1, 2].map(() => createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 })));
    const fan = await registerUser(ctx);
    const refunded = await leftPending(fan.id, v1!, owner.id, 120, true);
    await payment.refund(`test_${refunded}`, 700, refunded);
    const gone = await leftPending(fan.id, v2!, owner.id, 120, true);
    await db.deleteFrom('videos').where('id', '=', v2!).execute();

    expect(await purchases.recoverPending()).toMatchObject({ settled: 0, failed: 2 });
    expect((await payments(fan.id)).map((p) => [p.id, p.purchase, p.payment])).toEqual([
      [refunded, 'failed', 'refunded'],
      [gone, 'failed', 'refunded'],
    ]);
    expect(await booksProblems()).toEqual([]);
  });
});
