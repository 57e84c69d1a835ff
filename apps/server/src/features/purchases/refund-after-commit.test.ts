import { describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createDurableSubscribers, startWorker } from '../../deps.ts';
import { waitFor } from '../../../test/clips.ts';
import { createTestProvider, type PaymentProvider } from './payment-provider.ts';

// Refunds give the money back after commit, durably (docs/paid-content.md, "Refunds"): the refund
// and its `purchase.refunded` event commit together; a durable subscriber asks the provider, with
// the purchase id as idempotency key. A process that died between the commit and the provider
// call leaves the event, and the restarted worker asks the provider exactly once.

/** The `test` provider, counting what it is asked to refund and refusing while `down`. */
function countingProvider() {
  let inner: PaymentProvider | undefined;
  const calls: { reference: string; key: string }[] = [];
  const provider: PaymentProvider & { calls: typeof calls; down: boolean; attach(p: PaymentProvider): void } = {
    name: 'test',
    calls,
    down: false,
    attach(p) {
      inner = p;
    },
    charge: (c) => inner!.charge(c),
    readWebhook: (h, b) => inner!.readWebhook(h, b),
    lookup: (id) => inner!.lookup(id),
    onboarding: (c) => inner!.onboarding(c),
    payout: (p) => inner!.payout(p),
    async refund(reference, amountMinor, key) {
      if (this.down) throw new Error('connect ECONNREFUSED');
      calls.push({ reference, key });
      await inner!.refund(reference, amountMinor, key);
    },
  };
  return provider;
}

const provider = countingProvider();
// No worker yet: the process "dies" after the takedown's commit, before any provider call.
const ctx = await createTestContext({}, { paymentProvider: provider });
provider.attach(createTestProvider(ctx.db));
const { app, db } = ctx;

describe('refunds after commit', () => {
  it('a takedown commits the refund; the provider is asked once, by the worker, even after a redelivery', async () => {
    const owner = await registerUser(ctx);
    const fans = [await registerUser(ctx), await registerUser(ctx)];
    const mod = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute();
    const video = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 800 });
    for (const fan of fans) {
      const res = await app.inject({ method: 'POST', url: `/api/purchase/buy/video/${video}`, headers: { cookie: fan.cookie } });
      expect(res.statusCode, res.body).toBe(200);
    }
    provider.down = true; // and the provider cannot be reached at first
    const down = await app.inject({
      method: 'POST',
      url: '/api/admin/takedown',
      headers: { cookie: mod.cookie },
      payload: { targetType: 'video', targetId: video, reason: 'Stolen' },
    });
    expect(down.statusCode, down.body).toBe(200);
    // Committed: the ledger has the refunds, and their events wait in the outbox; nobody asked the provider.
    const refunded = await db.selectFrom('purchases').select(['id', 'status']).where('video_id', '=', video).execute();
    expect(refunded.map((p) => p.status)).toEqual(['refunded', 'refunded']);
    const returns = () =>
      db
        .selectFrom('purchase_money_returns')
        .select('purchase_id')
        .where(
          'purchase_id',
          'in',
          refunded.map((p) => p.id),
        )
        .execute();
    expect(await returns()).toEqual([]);
    const events = await db.selectFrom('event_outbox').select('payload').where('name', '=', 'purchase.refunded').execute();
    expect(events.map((e) => (e.payload as { purchaseId: string }).purchaseId).sort()).toEqual(refunded.map((p) => p.id).sort());
    expect(provider.calls).toEqual([]);

    // The worker starts (the restart); the provider comes back a moment later.
    await startWorker(ctx.deps, { exclusive: true });
    await new Promise((r) => setTimeout(r, 1500));
    provider.down = false;
    // The first delivery met the provider down and waits a minute: deliver as the job would, now.
    const subscriber = createDurableSubscribers(ctx.deps, ctx.deps.services).find(
      (s) => s.name === 'return-money-of-refunded-purchase',
    )!;
    const job = { attempt: 1, isLastAttempt: false, signal: new AbortController().signal };
    for (const p of refunded)
      await subscriber.handle({ id: p.id, name: 'purchase.refunded', payload: { purchaseId: p.id } }, job);
    await waitFor(async () => provider.calls.length >= 2, 30_000);
    expect(provider.calls.map((c) => c.key).sort()).toEqual(refunded.map((p) => p.id).sort());
    expect(provider.calls.map((c) => c.reference).sort()).toEqual(refunded.map((p) => `test_${p.id}`).sort());
    // Delivered again (at least once): nothing more is asked.
    for (const p of refunded)
      await subscriber.handle({ id: p.id, name: 'purchase.refunded', payload: { purchaseId: p.id } }, job);
    await new Promise((r) => setTimeout(r, 500));
    expect(provider.calls).toHaveLength(2);
    expect(await returns()).toHaveLength(2);
    // The provider's books: both charges given back.
    const books = await db
      .selectFrom('test_payments')
      .select('status')
      .where(
        'purchase_id',
        'in',
        refunded.map((p) => p.id),
      )
      .execute();
    expect(books.map((b) => b.status)).toEqual(['refunded', 'refunded']);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });
});
