import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';
import type { ProviderEvent, TestProvider } from '../purchases/payment-provider.ts';

/**
 * Payouts (API.md §20): a creator connects an account, sees the balance, and the scheduled run pays
 * it out, each payout a ledger transfer; a failed payout returns to the balance.
 */
const ctx = await createTestContext({ PAYOUT_MINIMUM: '10' });
const late = await createTestContext({ PAYMENT_TEST_SETTLE: 'later', PAYOUT_MINIMUM: '1' });
type Ctx = typeof ctx;
type User = Awaited<ReturnType<typeof registerUser>>;

const call = (c: Ctx, method: 'GET' | 'POST', url: string, user?: User) =>
  c.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {} });
const overview = async (c: Ctx, user: User) => (await call(c, 'GET', '/api/payouts', user)).json().data;
const provider = (c: Ctx) => c.deps.services.purchases.provider as TestProvider;

/** A fan buys one of the creator's exclusive videos (the creator earns 90 %). */
async function sale(c: Ctx, creator: User, priceMinor: number) {
  const videoId = await createVideo(c.db, creator.id, { isExclusive: true, priceMinor });
  const fan = await registerUser(c);
  const res = await call(c, 'POST', `/api/purchase/buy/video/${videoId}`, fan);
  if (c === late) {
    const purchaseId = res.json().data.purchase._id;
    await deliver(c, { id: `evt_${purchaseId}`, type: 'payment.settled', purchaseId, reference: `test_${purchaseId}` });
  } else expect(res.statusCode).toBe(200);
}
const deliver = async (c: Ctx, event: ProviderEvent) => {
  const { headers, payload } = await provider(c).emit(event);
  return c.app.inject({ method: 'POST', url: '/api/payments/webhook/test', headers, payload });
};
const entries = async (c: Ctx, payoutId: string) =>
  (await c.db.selectFrom('journal_entries').select('kind').where('payout_id', '=', payoutId).orderBy('created_at').execute()).map(
    (e) => e.kind,
  );

describe('payouts (test provider, settling at once)', () => {
  it('connect, balance, a scheduled payout as a ledger transfer; earnings stay what was earned', async () => {
    const creator = await registerUser(ctx);
    expect((await call(ctx, 'GET', '/api/payouts')).statusCode).toBe(401);
    expect((await call(ctx, 'POST', '/api/payouts/onboarding')).statusCode).toBe(401);
    expect(await overview(ctx, creator)).toEqual({ balance: 0, currency: 'usd', connected: false, payouts: [] });
    await sale(ctx, creator, 2000);
    expect((await overview(ctx, creator)).balance).toBe(18);
    // Not connected: nothing is sent.
    await ctx.deps.services.payouts.run();
    expect((await overview(ctx, creator)).payouts).toEqual([]);

    const onboarding = await call(ctx, 'POST', '/api/payouts/onboarding', creator);
    expect(onboarding.json().data).toEqual({ url: '/studio/payouts' });
    expect((await overview(ctx, creator)).connected).toBe(true);
    await ctx.deps.services.payouts.run();
    const after = await overview(ctx, creator);
    expect(after).toMatchObject({ balance: 0, payouts: [{ amount: 18, state: 'paid' }] });
    expect(await entries(ctx, after.payouts[0]._id)).toEqual(['payout']);
    // A second run has nothing to send.
    await ctx.deps.services.payouts.run();
    expect((await overview(ctx, creator)).payouts).toHaveLength(1);
    expect((await call(ctx, 'GET', '/api/purchase/earnings', creator)).json().data.total).toBe(18);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it('a balance under PAYOUT_MINIMUM waits; a failed payout returns to the balance and is sent again next time', async () => {
    const creator = await registerUser(ctx);
    await call(ctx, 'POST', '/api/payouts/onboarding', creator);
    await sale(ctx, creator, 500);
    await ctx.deps.services.payouts.run();
    expect(await overview(ctx, creator)).toMatchObject({ balance: 4.5, payouts: [] });
    await sale(ctx, creator, 1000);
    provider(ctx).failPayouts = 1;
    await ctx.deps.services.payouts.run();
    const failed = await overview(ctx, creator);
    expect(failed).toMatchObject({ balance: 13.5, payouts: [{ amount: 13.5, state: 'failed' }] });
    expect(await entries(ctx, failed.payouts[0]._id)).toEqual(['payout', 'payout_failed']);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
    await ctx.deps.services.payouts.run();
    expect(await overview(ctx, creator)).toMatchObject({ balance: 0, payouts: [{ state: 'paid' }, { state: 'failed' }] });
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });
});

describe('payouts that end by webhook (test provider, late mode)', () => {
  it('pending until the webhook; failed (×3) returns once to the balance; the next one is paid', async () => {
    const creator = await registerUser(late);
    await call(late, 'POST', '/api/payouts/onboarding', creator);
    await sale(late, creator, 300);
    await late.deps.services.payouts.run();
    const pending = await overview(late, creator);
    expect(pending).toMatchObject({ balance: 0, payouts: [{ amount: 2.7, state: 'pending' }] });
    const payoutId = pending.payouts[0]._id;
    // In flight: the next run sends nothing more.
    await late.deps.services.payouts.run();
    expect((await overview(late, creator)).payouts).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      await deliver(late, { id: `evt_pf_${payoutId}`, type: 'payout.failed', payoutId, reason: 'Account closed' });
    }
    expect(await overview(late, creator)).toMatchObject({ balance: 2.7, payouts: [{ state: 'failed' }] });
    expect(await entries(late, payoutId)).toEqual(['payout', 'payout_failed']);
    // A "paid" after the failure changes nothing.
    await deliver(late, { id: `evt_pp_${payoutId}`, type: 'payout.paid', payoutId, reference: 'po_x' });
    expect((await overview(late, creator)).payouts[0].state).toBe('failed');

    await late.deps.services.payouts.run();
    const next = (await overview(late, creator)).payouts[0];
    expect(next.state).toBe('pending');
    await deliver(late, { id: `evt_pp_${next._id}`, type: 'payout.paid', payoutId: next._id, reference: 'po_y' });
    expect(await overview(late, creator)).toMatchObject({ balance: 0, payouts: [{ state: 'paid' }, { state: 'failed' }] });
    expect(await late.deps.services.ledger.problems()).toEqual([]);
  });
});
