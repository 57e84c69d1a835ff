import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';
import type { ProviderEvent, TestProvider } from '../purchases/payment-provider.ts';

/**
 * Real providers settle later, by webhook, and repeat, reorder, fail, expire and dispute (API.md
 * §20). The `test` provider in its late mode (PAYMENT_TEST_SETTLE=later) does all of it, through
 * the same paths a real one takes: after each step the entitlement and the ledger are exactly right.
 */
const ctx = await createTestContext({ PAYMENT_TEST_SETTLE: 'later' });
const { app, db } = ctx;
const { purchases, ledger } = ctx.deps.services;
const provider = purchases.provider as TestProvider;

const post = (url: string, cookie?: string) => app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const deliver = async (event: ProviderEvent) => {
  const { headers, payload } = await provider.emit(event);
  return app.inject({ method: 'POST', url: '/api/payments/webhook/test', headers, payload });
};
const hasAccess = async (videoId: string, cookie: string) =>
  (await app.inject({ method: 'GET', url: `/api/purchase/info/${videoId}`, headers: { cookie } })).json().data
    .hasAccess as boolean;
const state = async (purchaseId: string) =>
  (await db.selectFrom('purchases').select('status').where('id', '=', purchaseId).executeTakeFirstOrThrow()).status;
const entries = async (purchaseId: string) =>
  (
    await db.selectFrom('journal_entries').select('kind').where('purchase_id', '=', purchaseId).orderBy('created_at').execute()
  ).map((e) => e.kind);
/** What the creator is owed now, from the ledger (minor units). */
const owed = async (creatorId: string) => {
  const row = await db
    .selectFrom('journal_lines')
    .select((eb) => eb.fn.sum<string>('amount_minor').as('sum'))
    .where('user_id', '=', creatorId)
    .where('account', '=', 'creator_earnings')
    .executeTakeFirstOrThrow();
  return 0 - Number(row.sum ?? 0) || 0;
};

/** A creator's exclusive video (10.00) and a fan who starts buying it: the purchase is pending. */
async function pendingPurchase() {
  const creator = await registerUser(ctx);
  const videoId = await createVideo(db, creator.id, { isExclusive: true, priceMinor: 1000 });
  const fan = await registerUser(ctx);
  const res = await post(`/api/purchase/buy/video/${videoId}`, fan.cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Payment pending');
  const purchaseId = res.json().data.purchase._id as string;
  expect(res.json().data).toEqual({
    purchase: { _id: purchaseId, state: 'pending' },
    checkoutUrl: `/video/watch/${videoId}?checkout=${purchaseId}`,
  });
  return { creator, videoId, fan, purchaseId };
}

const settled = (purchaseId: string, n = 1): ProviderEvent => ({
  id: `evt_settled_${purchaseId}_${n}`,
  type: 'payment.settled',
  purchaseId,
  reference: `test_${purchaseId}`,
});
const dispute = (purchaseId: string, type: 'dispute.opened' | 'dispute.won' | 'dispute.lost'): ProviderEvent => ({
  id: `evt_${type}_${purchaseId}`,
  type,
  purchaseId,
  reference: `dp_${purchaseId}`,
});

describe('payments that settle later (test provider, late mode)', () => {
  it('pending until the webhook lands; a second checkout is 409; the same event ×3 settles once', async () => {
    const { creator, videoId, fan, purchaseId } = await pendingPurchase();
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    const again = await post(`/api/purchase/buy/video/${videoId}`, fan.cookie);
    expect(again.json()).toMatchObject({ statusCode: 409, data: 'Purchase already in progress' });
    expect(await entries(purchaseId)).toEqual([]);

    for (let i = 0; i < 3; i++) expect((await deliver(settled(purchaseId))).statusCode).toBe(200);
    expect(await state(purchaseId)).toBe('settled');
    expect(await hasAccess(videoId, fan.cookie)).toBe(true);
    expect(await entries(purchaseId)).toEqual(['sale']);
    expect(await owed(creator.id)).toBe(900);
    const events = await db.selectFrom('payment_events').selectAll().where('purchase_id', '=', purchaseId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'payment.settled', outcome: 'applied' });
    // Another event id for the same settlement changes nothing either.
    expect((await deliver(settled(purchaseId, 2))).statusCode).toBe(200);
    expect(await entries(purchaseId)).toEqual(['sale']);
    expect(await ledger.problems()).toEqual([]);
  });

  it('refuses forged or unsigned webhooks (400) and other providers (404)', async () => {
    const { videoId, fan, purchaseId } = await pendingPurchase();
    const { headers, payload } = await provider.emit(settled(purchaseId));
    const forged = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/test',
      headers: { ...headers, 'x-test-signature': 'a'.repeat(64) },
      payload,
    });
    expect(forged.json()).toMatchObject({ statusCode: 400, success: false, data: 'Invalid webhook' });
    const unsigned = await app.inject({ method: 'POST', url: '/api/payments/webhook/test', payload });
    expect(unsigned.statusCode).toBe(400);
    const other = await app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers, payload });
    expect(other.statusCode).toBe(404);
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await state(purchaseId)).toBe('pending');
  });

  it('a checkout abandoned (expired) grants nothing and frees the item for another checkout', async () => {
    const { videoId, fan, purchaseId } = await pendingPurchase();
    const expired: ProviderEvent = { id: `evt_exp_${purchaseId}`, type: 'payment.expired', purchaseId };
    for (let i = 0; i < 3; i++) expect((await deliver(expired)).statusCode).toBe(200);
    expect(await state(purchaseId)).toBe('failed');
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual([]);
    const next = await post(`/api/purchase/buy/video/${videoId}`, fan.cookie);
    expect(next.json().data.purchase.state).toBe('pending');
    expect(await ledger.problems()).toEqual([]);
  });

  it('a payment failing grants nothing, books nothing, and keeps its reason', async () => {
    const { videoId, fan, purchaseId } = await pendingPurchase();
    await deliver({ id: `evt_fail_${purchaseId}`, type: 'payment.failed', purchaseId, reason: 'Card declined' });
    const row = await db
      .selectFrom('purchases')
      .select(['status', 'failure_reason'])
      .where('id', '=', purchaseId)
      .executeTakeFirst();
    expect(row).toEqual({ status: 'failed', failure_reason: 'Card declined' });
    // A settlement arriving after the failure does not revive it (the test provider's books agree: failed).
    await deliver(settled(purchaseId));
    expect(await state(purchaseId)).toBe('failed');
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual([]);
    expect(await ledger.problems()).toEqual([]);
  });

  it('a dispute lost ends the entitlement and reverses the ledger, once', async () => {
    const { creator, videoId, fan, purchaseId } = await pendingPurchase();
    await deliver(settled(purchaseId));
    for (let i = 0; i < 3; i++) await deliver(dispute(purchaseId, 'dispute.opened'));
    expect(await state(purchaseId)).toBe('disputed');
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute']);
    expect(await owed(creator.id)).toBe(0);
    expect(await ledger.problems()).toEqual([]);
    for (let i = 0; i < 3; i++) await deliver(dispute(purchaseId, 'dispute.lost'));
    expect(await state(purchaseId)).toBe('disputed');
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute']);
    expect(
      await db.selectFrom('purchase_disputes').select('outcome').where('purchase_id', '=', purchaseId).executeTakeFirst(),
    ).toEqual({
      outcome: 'lost',
    });
    // A late "won" after the loss changes nothing.
    await deliver(dispute(purchaseId, 'dispute.won'));
    expect(await state(purchaseId)).toBe('disputed');
    const history = (await app.inject({ method: 'GET', url: '/api/purchase/track', headers: { cookie: fan.cookie } })).json()
      .data;
    expect(history.purchasedVideos[0]).toMatchObject({ _id: purchaseId, state: 'disputed' });
    expect(await ledger.problems()).toEqual([]);
  });

  it('events in any order: a dispute won delivered first, then opened, then the settlement — ends settled, booked once each', async () => {
    const { creator, videoId, fan, purchaseId } = await pendingPurchase();
    // Reversed order, each repeated: nothing can apply until the payment settled.
    for (let i = 0; i < 3; i++) {
      expect((await deliver(dispute(purchaseId, 'dispute.won'))).statusCode).toBe(200);
      expect((await deliver(dispute(purchaseId, 'dispute.opened'))).statusCode).toBe(200);
    }
    expect(await state(purchaseId)).toBe('pending');
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual([]);
    expect(await ledger.problems()).toEqual([]);
    await deliver(settled(purchaseId));
    // The settlement let the waiting events apply, in their order: opened, then won.
    expect(await state(purchaseId)).toBe('settled');
    expect(await hasAccess(videoId, fan.cookie)).toBe(true);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute', 'dispute_won']);
    expect(await owed(creator.id)).toBe(900);
    const waiting = await db
      .selectFrom('payment_events')
      .select('event_id')
      .where('purchase_id', '=', purchaseId)
      .where('applied_at', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
    expect(await ledger.problems()).toEqual([]);
  });

  it('a dispute won restores the entitlement and the earnings', async () => {
    const { creator, videoId, fan, purchaseId } = await pendingPurchase();
    await deliver(settled(purchaseId));
    await deliver(dispute(purchaseId, 'dispute.opened'));
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    for (let i = 0; i < 3; i++) await deliver(dispute(purchaseId, 'dispute.won'));
    expect(await state(purchaseId)).toBe('settled');
    expect(await hasAccess(videoId, fan.cookie)).toBe(true);
    expect(await owed(creator.id)).toBe(900);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute', 'dispute_won']);
    expect(await ledger.problems()).toEqual([]);
  });
});

describe('an administrator refunds a purchase (POST /api/admin/purchases/:id/refund)', () => {
  it('refunded once in the ledger; the provider refuses once, is asked again, and then refunds', async () => {
    const { creator, videoId, fan, purchaseId } = await pendingPurchase();
    await deliver(settled(purchaseId));
    const admin = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const url = `/api/admin/purchases/${purchaseId}/refund`;
    expect((await post(url)).statusCode).toBe(401);
    expect((await post(url, fan.cookie)).statusCode).toBe(403);
    expect((await post(url, creator.cookie)).statusCode).toBe(403);
    expect((await post('/api/admin/purchases/not-an-id/refund', admin.cookie)).statusCode).toBe(400);
    expect((await post(`/api/admin/purchases/${creator.id}/refund`, admin.cookie)).statusCode).toBe(404);

    const res = await post(url, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Purchase refunded', data: { _id: purchaseId, state: 'refunded' } });
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual(['sale', 'refund']);
    expect(await owed(creator.id)).toBe(0);
    expect((await post(url, admin.cookie)).json()).toMatchObject({ statusCode: 409, data: 'This purchase is already refunded' });
    expect(await entries(purchaseId)).toEqual(['sale', 'refund']);

    // The money goes back through the provider after commit (the durable subscriber calls this).
    provider.refuseRefunds = 1;
    await expect(purchases.returnMoney(purchaseId)).rejects.toThrow(/refused/);
    expect((await provider.lookup(purchaseId)).status).toBe('settled');
    expect(await purchases.returnMoney(purchaseId)).toBe('returned');
    expect((await provider.lookup(purchaseId)).status).toBe('refunded');
    expect(await purchases.returnMoney(purchaseId)).toBe('nothing to return');
    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', purchaseId).execute();
    expect(audit).toMatchObject([{ actor_id: admin.id, action: 'purchase.refund' }]);
    expect(await ledger.problems()).toEqual([]);
  });

  it('a pending or disputed purchase cannot be refunded (409)', async () => {
    const admin = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const { purchaseId } = await pendingPurchase();
    expect((await post(`/api/admin/purchases/${purchaseId}/refund`, admin.cookie)).json()).toMatchObject({
      statusCode: 409,
      data: 'A pending purchase cannot be refunded',
    });
    await deliver(settled(purchaseId));
    await deliver(dispute(purchaseId, 'dispute.opened'));
    expect((await post(`/api/admin/purchases/${purchaseId}/refund`, admin.cookie)).statusCode).toBe(409);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute']);
    expect(await ledger.problems()).toEqual([]);
  });
});

describe('ledger:check', () => {
  it('passes over every state above (pending, failed, settled, refunded, disputed) and counts them', async () => {
    const { stdout } = await promisify(execFile)('npx', ['tsx', path.join(import.meta.dirname, '../../ledger-check.ts')], {
      env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl },
    });
    expect(stdout).toMatch(
      /^ledger ok: \d+ settled purchases, [1-9]\d* refunded, .* [1-9]\d* disputed, [1-9]\d* pending, [1-9]\d* failed/,
    );
  });
});
