import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';
import { startStripeStandIn, type Delivery } from '../../../test/stripe-stand-in.ts';
import { OPERATIONS } from '../../../test/stripe-openapi/extract.ts';
import { operationOf, responseProblems, stripeExtract } from '../../../test/stripe-openapi/validate.ts';

/**
 * PAYMENT_PROVIDER=stripe on the official SDK, against the local stand-in of the Stripe API
 * (test/stripe-stand-in.ts): Checkout Sessions, webhooks signed as Stripe signs them and
 * verified by the SDK, refunds, disputes. After each step the entitlement and the ledger are
 * exactly right.
 */
const secretKey = 'sk_test_standin';
const webhookSecret = 'whsec_standin';
const stripe = await startStripeStandIn({ secretKey, webhookSecret });
afterAll(() => stripe.close());
const ctx = await createTestContext({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: secretKey,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: stripe.url,
  PUBLIC_URL: 'https://streamhub.example',
});
const { app, db } = ctx;
const { purchases, ledger } = ctx.deps.services;

const post = (url: string, cookie?: string) => app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const deliver = (d: Delivery) =>
  app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers: d.headers, payload: d.payload });
const hasAccess = async (videoId: string, cookie: string) =>
  (await app.inject({ method: 'GET', url: `/api/purchase/info/${videoId}`, headers: { cookie } })).json().data
    .hasAccess as boolean;
const row = (purchaseId: string) =>
  db.selectFrom('purchases').select(['status', 'provider_ref']).where('id', '=', purchaseId).executeTakeFirstOrThrow();
const entries = async (purchaseId: string) =>
  (
    await db.selectFrom('journal_entries').select('kind').where('purchase_id', '=', purchaseId).orderBy('created_at').execute()
  ).map((e) => e.kind);

async function checkout() {
  const creator = await registerUser(ctx);
  const videoId = await createVideo(db, creator.id, { isExclusive: true, priceMinor: 1250 });
  const fan = await registerUser(ctx);
  const res = await post(`/api/purchase/buy/video/${videoId}`, fan.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const purchaseId = res.json().data.purchase._id as string;
  const sessionId = (await row(purchaseId)).provider_ref!;
  expect(res.json().data).toEqual({
    purchase: { _id: purchaseId, state: 'pending' },
    checkoutUrl: `${stripe.url}/pay/${sessionId}`,
  });
  return { creator, videoId, fan, purchaseId, sessionId };
}

describe('the stripe provider (against the stand-in)', () => {
  it('creates a Checkout Session once per purchase; the signed completion ×3 settles it once', async () => {
    const { videoId, fan, purchaseId, sessionId } = await checkout();
    const create = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === purchaseId)!;
    expect(create.idempotencyKey).toBe(`checkout-${purchaseId}`);
    expect(create.body).toMatchObject({
      mode: 'payment',
      metadata: { purchaseId },
      payment_intent_data: { metadata: { purchaseId } },
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '1250' } } },
      success_url: `https://streamhub.example/video/watch/${videoId}?checkout=${purchaseId}`,
    });
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect((await post(`/api/purchase/buy/video/${videoId}`, fan.cookie)).statusCode).toBe(409);

    const paid = stripe.pay(sessionId);
    for (let i = 0; i < 3; i++) expect((await deliver(paid)).statusCode).toBe(200);
    const settled = await row(purchaseId);
    expect(settled.status).toBe('settled');
    expect(settled.provider_ref).toMatch(/^pi_/);
    expect(await hasAccess(videoId, fan.cookie)).toBe(true);
    expect(await entries(purchaseId)).toEqual(['sale']);
    expect(await ledger.problems()).toEqual([]);
  });

  it('refuses a webhook whose Stripe-Signature does not verify, or a stale one', async () => {
    const { purchaseId, sessionId } = await checkout();
    const paid = stripe.pay(sessionId);
    const tampered = await deliver({ ...paid, payload: paid.payload.replace('"paid"', '"paid" ') });
    expect(tampered.json()).toMatchObject({ statusCode: 400, data: 'Invalid webhook' });
    const old = Math.floor(Date.now() / 1000) - 3600;
    const stale = await deliver({
      ...paid,
      headers: { ...paid.headers, 'stripe-signature': paid.headers['stripe-signature']!.replace(/t=\d+/, `t=${old}`) },
    });
    expect(stale.statusCode).toBe(400);
    expect((await row(purchaseId)).status).toBe('pending');
  });

  it('a checkout that expires, and a delayed payment that fails, grant nothing', async () => {
    const a = await checkout();
    expect((await deliver(stripe.expire(a.sessionId))).statusCode).toBe(200);
    expect((await row(a.purchaseId)).status).toBe('failed');
    const b = await checkout();
    await deliver(stripe.failAsync(b.sessionId));
    expect((await row(b.purchaseId)).status).toBe('failed');
    expect(await hasAccess(b.videoId, b.fan.cookie)).toBe(false);
    expect(await entries(a.purchaseId)).toEqual([]);
    expect(await ledger.problems()).toEqual([]);
  });

  it('a dispute delivered before the payment waits for it; lost, it keeps the sale reversed', async () => {
    const { videoId, fan, purchaseId, sessionId } = await checkout();
    const paid = stripe.pay(sessionId);
    const pi = stripe.sessions.get(sessionId)!.payment_intent as string;
    const { dispute, delivery: opened } = stripe.openDispute(pi);
    for (let i = 0; i < 3; i++) await deliver(opened);
    expect((await row(purchaseId)).status).toBe('pending');
    await deliver(paid);
    expect((await row(purchaseId)).status).toBe('disputed');
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute']);
    const lost = stripe.closeDispute(dispute, 'lost');
    for (let i = 0; i < 3; i++) await deliver(lost);
    expect((await row(purchaseId)).status).toBe('disputed');
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute']);
    expect(await ledger.problems()).toEqual([]);
  });

  it('a dispute won restores the entitlement and the sale', async () => {
    const { videoId, fan, purchaseId, sessionId } = await checkout();
    await deliver(stripe.pay(sessionId));
    const pi = (await row(purchaseId)).provider_ref!;
    const { dispute, delivery } = stripe.openDispute(pi);
    const won = stripe.closeDispute(dispute, 'won');
    // The closing event first, then the opening one.
    await deliver(won);
    expect((await row(purchaseId)).status).toBe('settled');
    await deliver(delivery);
    expect((await row(purchaseId)).status).toBe('settled');
    expect(await hasAccess(videoId, fan.cookie)).toBe(true);
    expect(await entries(purchaseId)).toEqual(['sale', 'dispute', 'dispute_won']);
    expect(await ledger.problems()).toEqual([]);
  });

  it('an admin refund: Stripe refuses once, is asked again with the same idempotency key, and refunds once', async () => {
    const { videoId, fan, purchaseId, sessionId } = await checkout();
    await deliver(stripe.pay(sessionId));
    const pi = (await row(purchaseId)).provider_ref!;
    const admin = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    expect((await post(`/api/admin/purchases/${purchaseId}/refund`, admin.cookie)).statusCode).toBe(200);
    expect(await hasAccess(videoId, fan.cookie)).toBe(false);
    stripe.refuseRefunds = 1;
    await expect(purchases.returnMoney(purchaseId)).rejects.toThrow();
    expect(await purchases.returnMoney(purchaseId)).toBe('returned');
    const asks = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === pi);
    expect(asks.map((r) => r.idempotencyKey)).toEqual([`refund-${purchaseId}`, `refund-${purchaseId}`]);
    expect(stripe.refunds.filter((r) => r.payment_intent === pi)).toMatchObject([{ amount: 1250, status: 'succeeded' }]);
    expect(await purchases.provider.lookup(purchaseId)).toEqual({ status: 'refunded', reference: pi });
    expect(await entries(purchaseId)).toEqual(['sale', 'refund']);
    expect(await ledger.problems()).toEqual([]);
  });

  it('recovery asks Stripe about a purchase whose webhook never came: paid → settled, still open → left pending', async () => {
    const paid = await checkout();
    const open = await checkout();
    stripe.pay(paid.sessionId); // the webhook is lost
    await purchases.recoverPending(0);
    expect((await row(paid.purchaseId)).status).toBe('settled');
    expect(await hasAccess(paid.videoId, paid.fan.cookie)).toBe(true);
    expect((await row(open.purchaseId)).status).toBe('pending');
    // Its expiry, when it comes, fails it.
    await deliver(stripe.expire(open.sessionId));
    expect((await row(open.purchaseId)).status).toBe('failed');
    expect(await ledger.problems()).toEqual([]);
  });

  it('payouts: an Express account and its onboarding link, a transfer per payout (once), a reversed transfer back to the balance', async () => {
    const { creator, sessionId } = await checkout();
    const paid = stripe.pay(sessionId);
    await deliver(paid);
    const onboarding = await post('/api/payouts/onboarding', creator.cookie);
    expect(onboarding.statusCode, onboarding.body).toBe(200);
    const account = [...stripe.accounts.values()].find((a) => (a.metadata as Record<string, string>).userId === creator.id)!;
    expect(onboarding.json().data.url).toBe(`${stripe.url}/connect/${account.id as string}`);
    // Asked again, the same account is continued.
    await post('/api/payouts/onboarding', creator.cookie);
    expect(
      [...stripe.accounts.values()].filter((a) => (a.metadata as Record<string, string>).userId === creator.id),
    ).toHaveLength(1);

    await ctx.deps.services.payouts.run();
    const transfer = stripe.transfers.find((t) => t.destination === account.id)!;
    expect(transfer).toMatchObject({ amount: 1125, currency: 'usd' });
    const payoutId = (transfer.metadata as Record<string, string>).payoutId!;
    const asks = stripe.requests.filter((r) => r.path === '/v1/transfers' && r.body.destination === account.id);
    expect(asks.map((r) => r.idempotencyKey)).toEqual([`payout-${payoutId}`]);
    const overview = async () =>
      (await app.inject({ method: 'GET', url: '/api/payouts', headers: { cookie: creator.cookie } })).json().data;
    expect(await overview()).toMatchObject({ balance: 0, payouts: [{ amount: 11.25, state: 'paid' }] });

    const reversed = stripe.reverseTransfer(transfer.id as string);
    for (let i = 0; i < 3; i++) expect((await deliver(reversed)).statusCode).toBe(200);
    expect(await overview()).toMatchObject({ balance: 11.25, payouts: [{ state: 'failed' }] });
    expect(await ledger.problems()).toEqual([]);
  });

  it('memberships are Stripe subscriptions: the first month by checkout, renewals and failures by invoice events, cancel at the period end', async () => {
    const creator = await registerUser(ctx);
    await app.inject({
      method: 'PUT',
      url: '/api/memberships/offer',
      headers: { cookie: creator.cookie },
      payload: { price: 5 },
    });
    const videoId = await createVideo(db, creator.id, {});
    await db.updateTable('videos').set({ members_only: true }).where('id', '=', videoId).execute();
    const fan = await registerUser(ctx);
    const watch = async () =>
      (await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: { cookie: fan.cookie } })).statusCode;

    const joined = await post(`/api/memberships/${creator.id}`, fan.cookie);
    expect(joined.statusCode, joined.body).toBe(200);
    const { membership, purchase, checkoutUrl } = joined.json().data;
    const create = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === purchase._id,
    )!;
    expect(create.body).toMatchObject({
      mode: 'subscription',
      subscription_data: { metadata: { membershipId: membership._id } },
      line_items: { 0: { price_data: { unit_amount: '500', recurring: { interval: 'month' } } } },
    });
    expect(create.body.payment_intent_data).toBeUndefined();
    const sessionId = (await row(purchase._id)).provider_ref!;
    expect(checkoutUrl).toBe(`${stripe.url}/pay/${sessionId}`);
    expect(await watch()).toBe(401);

    const paid = stripe.pay(sessionId);
    for (let i = 0; i < 2; i++) expect((await deliver(paid)).statusCode).toBe(200);
    expect(await watch()).toBe(200);
    const subscription = stripe.sessions.get(sessionId)!.subscription as string;
    const m = () =>
      db.selectFrom('memberships').select(['state', 'provider_ref']).where('id', '=', membership._id).executeTakeFirstOrThrow();
    expect(await m()).toEqual({ state: 'active', provider_ref: subscription });

    const renewal = stripe.bill(subscription, true);
    for (let i = 0; i < 3; i++) expect((await deliver(renewal)).statusCode).toBe(200);
    const months = await db.selectFrom('purchases').select('status').where('membership_id', '=', membership._id).execute();
    expect(months).toEqual([{ status: 'settled' }, { status: 'settled' }]);

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/memberships/${creator.id}`, headers: { cookie: fan.cookie } })).statusCode,
    ).toBe(200);
    expect(stripe.subscriptions.get(subscription)!.cancel_at_period_end).toBe(true);
    expect(await watch()).toBe(200);
    expect((await post(`/api/memberships/${creator.id}`, fan.cookie)).json().data.state).toBe('active');
    expect(stripe.subscriptions.get(subscription)!.cancel_at_period_end).toBe(false);

    await deliver(stripe.bill(subscription, false));
    expect((await m()).state).toBe('failed');
    expect(await watch()).toBe(401);
    await deliver(stripe.endSubscription(subscription));
    expect((await m()).state).toBe('failed');
    expect(await ledger.problems()).toEqual([]);
  });
  it("a membership's latest month refunded: the invoice's PaymentIntent refunded once (refused once first), the subscription cancelled, the membership ended", async () => {
    const creator = await registerUser(ctx);
    await app.inject({
      method: 'PUT',
      url: '/api/memberships/offer',
      headers: { cookie: creator.cookie },
      payload: { price: 6 },
    });
    const videoId = await createVideo(db, creator.id, {});
    await db.updateTable('videos').set({ members_only: true }).where('id', '=', videoId).execute();
    const fan = await registerUser(ctx);
    const admin = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const watch = async () =>
      (await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: { cookie: fan.cookie } })).statusCode;
    const { membership, purchase } = (await post(`/api/memberships/${creator.id}`, fan.cookie)).json().data;
    const sessionId = (await row(purchase._id)).provider_ref!;
    await deliver(stripe.pay(sessionId));
    const subscription = stripe.sessions.get(sessionId)!.subscription as string;
    await deliver(stripe.bill(subscription, true));
    const months = await db
      .selectFrom('purchases')
      .select(['id', 'provider_ref'])
      .where('membership_id', '=', membership._id)
      .orderBy('settled_at')
      .execute();
    expect(months).toHaveLength(2);
    const renewal = months[1]!;
    expect(renewal.provider_ref).toMatch(/^in_/);
    const pi = stripe.invoices.get(renewal.provider_ref!)!._paymentIntent as string;

    expect((await post(`/api/admin/purchases/${renewal.id}/refund`, admin.cookie)).statusCode).toBe(200);
    expect(await watch()).toBe(401);
    stripe.refuseRefunds = 1;
    await expect(purchases.returnMoney(renewal.id)).rejects.toThrow();
    expect(await purchases.returnMoney(renewal.id)).toBe('returned');
    expect(await purchases.returnMoney(renewal.id)).toBe('nothing to return');
    const asks = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === pi);
    expect(asks.map((r) => r.idempotencyKey)).toEqual([`refund-${renewal.id}`, `refund-${renewal.id}`]);
    expect(stripe.refunds.filter((r) => r.payment_intent === pi)).toMatchObject([{ amount: 600, status: 'succeeded' }]);
    // Nothing more is billed: the subscription was cancelled before the money went back.
    expect(stripe.subscriptions.get(subscription)!.status).toBe('canceled');
    expect(
      stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`).length,
    ).toBeGreaterThan(0);
    const m = await db.selectFrom('memberships').select('state').where('id', '=', membership._id).executeTakeFirstOrThrow();
    expect(m.state).toBe('ended');
    // Stripe's word that the subscription ended changes nothing more.
    expect((await deliver(stripe.endSubscription(subscription))).statusCode).toBe(200);
    expect(await entries(renewal.id)).toEqual(['sale', 'refund']);
    expect(await ledger.problems()).toEqual([]);
  });
  // Last: every request above went through the document's check (else it was refused and its test failed).
  it("every answer the stand-in gave carries the fields Stripe's document requires, of their types; every operation was used", () => {
    const problems = stripe.answers.flatMap((a) => {
      const [method, path] = a.operation.split(' ') as [string, string];
      const op = stripeExtract.operations.find((o) => o.method === method && o.path === path)!;
      return responseProblems(op, a.body).map((p) => `${a.operation}: ${p}`);
    });
    expect(problems).toEqual([]);
    const used = new Set(stripe.answers.map((a) => a.operation));
    expect([...used].sort()).toEqual(OPERATIONS.map(([m, p]) => `${m.toUpperCase()} ${p}`).sort());
    // And the document's check saw every request: none went to a path it does not have.
    for (const r of stripe.requests) expect(() => operationOf(r.method, r.path)).not.toThrow();
  });
});
