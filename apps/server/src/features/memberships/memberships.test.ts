import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';
import type { ProviderEvent, TestProvider } from '../purchases/payment-provider.ts';

/**
 * Memberships (API.md §20): one monthly offer per channel, join and cancel, members-only videos,
 * renewals and failed renewals by webhook, the creator's members; the ledger after each step.
 */
const ctx = await createTestContext();
const late = await createTestContext({ PAYMENT_TEST_SETTLE: 'later' });

type Ctx = typeof ctx;
type User = Awaited<ReturnType<typeof registerUser>>;
const call = (c: Ctx, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: User, payload?: object) =>
  c.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
const deliver = async (c: Ctx, event: ProviderEvent) => {
  const { headers, payload } = await (c.deps.services.purchases.provider as TestProvider).emit(event);
  return c.app.inject({ method: 'POST', url: '/api/payments/webhook/test', headers, payload });
};
const canWatch = async (c: Ctx, videoId: string, user: User) =>
  (await call(c, 'GET', `/api/video/v/${videoId}`, user)).statusCode;

/** A creator offering a 4.99 membership, with one members-only video. */
async function channel(c: Ctx) {
  const creator = await registerUser(c);
  expect((await call(c, 'PUT', '/api/memberships/offer', creator, { price: 4.99, perks: 'Early videos' })).statusCode).toBe(200);
  const videoId = await createVideo(c.db, creator.id, {});
  await c.db.updateTable('videos').set({ members_only: true }).where('id', '=', videoId).execute();
  return { creator, videoId };
}

describe('the offer', () => {
  it('PUT /api/memberships/offer: signed in, price ≥ 1, one per channel (a second call re-prices it)', async () => {
    const creator = await registerUser(ctx);
    expect((await call(ctx, 'PUT', '/api/memberships/offer', undefined, { price: 5, perks: '' })).statusCode).toBe(401);
    for (const bad of [{ price: 0.5 }, { price: 'x' }, { price: true }, { price: 5, perks: 'x'.repeat(2001) }, {}]) {
      expect((await call(ctx, 'PUT', '/api/memberships/offer', creator, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const first = await call(ctx, 'PUT', '/api/memberships/offer', creator, { price: 3, perks: 'Badge' });
    expect(first.json().data).toMatchObject({ channelId: creator.id, price: 3, perks: 'Badge' });
    await call(ctx, 'PUT', '/api/memberships/offer', creator, { price: '7.50', perks: 'Badge and more' });
    const offer = await call(ctx, 'GET', `/api/memberships/offer/${creator.id}`);
    expect(offer.json().data).toMatchObject({ offer: { price: 7.5, perks: 'Badge and more' }, membership: null });
    expect((await call(ctx, 'GET', `/api/memberships/offer/${(await registerUser(ctx)).id}`)).statusCode).toBe(404);
  });
});

describe('joining (test provider, settling at once)', () => {
  it('a member watches members-only videos; others get 401; join twice is 409; the creator lists members', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    const stranger = await registerUser(ctx);
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    expect((await call(ctx, 'POST', `/api/memberships/${creator.id}`)).statusCode).toBe(401);
    expect((await call(ctx, 'POST', `/api/memberships/${creator.id}`, creator)).json()).toMatchObject({
      statusCode: 400,
      data: 'You cannot join your own channel',
    });
    expect((await call(ctx, 'POST', `/api/memberships/${stranger.id}`, fan)).json()).toMatchObject({
      statusCode: 404,
      data: 'This channel offers no membership',
    });
    expect((await call(ctx, 'POST', '/api/memberships/not-an-id', fan)).statusCode).toBe(400);

    const joined = await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toMatchObject({
      state: 'active',
      price: 4.99,
      channel: { _id: creator.id },
      member: { _id: fan.id },
    });
    expect(await canWatch(ctx, videoId, fan)).toBe(200);
    expect(await canWatch(ctx, videoId, stranger)).toBe(401);
    expect((await call(ctx, 'GET', `/api/video/v/${videoId}`, stranger)).json()).toMatchObject({
      reason: 'membership',
      data: 'This video is for members of the channel',
    });
    expect((await call(ctx, 'GET', `/api/video/v/${videoId}`)).json().reason).toBe('signin');
    expect((await call(ctx, 'GET', `/api/purchase/info/${videoId}`, stranger)).json().data).toMatchObject({
      hasAccess: false,
      video: { membersOnly: true, isExclusive: false, owner: { _id: creator.id } },
    });
    expect(await canWatch(ctx, videoId, creator)).toBe(200);
    expect((await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json()).toMatchObject({
      statusCode: 409,
      data: 'Already a member',
    });

    const members = (await call(ctx, 'GET', '/api/memberships/members', creator)).json().data;
    expect(members.map((m: { member: { _id: string } }) => m.member._id)).toEqual([fan.id]);
    expect((await call(ctx, 'GET', '/api/memberships/members', fan)).json().data).toEqual([]);
    expect((await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data).toMatchObject([
      { channel: { _id: creator.id }, state: 'active' },
    ]);
    expect((await call(ctx, 'GET', '/api/memberships/members')).statusCode).toBe(401);

    // The month is booked as a sale: 4.99, the creator earns it less the fee.
    const sales = await ctx.db
      .selectFrom('purchases')
      .select(['kind', 'status', 'amount_minor'])
      .where('buyer_id', '=', fan.id)
      .execute();
    expect(sales).toEqual([{ kind: 'membership', status: 'settled', amount_minor: 499 }]);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it('cancel: still a member until the period ends, then nothing; rejoining before the end undoes it', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    expect((await call(ctx, 'DELETE', `/api/memberships/${creator.id}`, fan)).statusCode).toBe(404);
    await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan);
    const cancelled = await call(ctx, 'DELETE', `/api/memberships/${creator.id}`, fan);
    expect(cancelled.json()).toMatchObject({ message: 'Membership cancelled', data: { state: 'cancelled' } });
    expect(await canWatch(ctx, videoId, fan)).toBe(200);
    expect((await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data.state).toBe('active');
    await call(ctx, 'DELETE', `/api/memberships/${creator.id}`, fan);
    await ctx.db
      .updateTable('memberships')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('member_id', '=', fan.id)
      .execute();
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    expect((await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data[0].state).toBe('ended');
    expect((await call(ctx, 'GET', '/api/memberships/members', creator)).json().data).toEqual([]);
    // Joining again after the end is a new membership, a new month paid.
    expect((await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data.state).toBe('active');
    expect(await canWatch(ctx, videoId, fan)).toBe(200);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it('a renewal by webhook (×3) pays one more month once; a failed renewal ends access; the ledger follows', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    const membership = (await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data;
    const periodEnd = new Date(membership.currentPeriodEnd).getTime();
    const renewed: ProviderEvent = {
      id: `evt_renew_${membership._id}`,
      type: 'subscription.renewed',
      membershipId: membership._id,
      reference: `in_${membership._id}`,
    };
    for (let i = 0; i < 3; i++) expect((await deliver(ctx, renewed)).statusCode).toBe(200);
    // The same invoice told again under another event id is still one month.
    await deliver(ctx, { ...renewed, id: `${renewed.id}_again` });
    const months = await ctx.db.selectFrom('purchases').select('status').where('membership_id', '=', membership._id).execute();
    expect(months).toEqual([{ status: 'settled' }, { status: 'settled' }]);
    const after = (await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data[0];
    const days = (new Date(after.currentPeriodEnd).getTime() - periodEnd) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);

    await deliver(ctx, {
      id: `evt_fail_${membership._id}`,
      type: 'subscription.failed',
      membershipId: membership._id,
      reason: 'Card expired',
    });
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    expect((await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data[0].state).toBe('failed');
    // A renewal arriving after the failure does not revive it.
    await deliver(ctx, { ...renewed, id: 'evt_late_renewal', reference: `in2_${membership._id}` });
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it('the test provider settling at once renews an active membership near its period end, once; a cancelled one runs out', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    const leaver = await registerUser(ctx);
    await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan);
    await call(ctx, 'POST', `/api/memberships/${creator.id}`, leaver);
    await call(ctx, 'DELETE', `/api/memberships/${creator.id}`, leaver);
    const soon = new Date(Date.now() + 30 * 60_000);
    await ctx.db.updateTable('memberships').set({ current_period_end: soon }).where('channel_id', '=', creator.id).execute();
    await ctx.deps.services.purchases.renewDueMemberships();
    await ctx.deps.services.purchases.renewDueMemberships();
    const rows = await ctx.db
      .selectFrom('memberships')
      .select(['member_id', 'current_period_end'])
      .where('channel_id', '=', creator.id)
      .execute();
    const end = (id: string) => rows.find((r) => r.member_id === id)!.current_period_end!.getTime();
    expect((end(fan.id) - soon.getTime()) / 86_400_000).toBeGreaterThanOrEqual(28);
    expect(end(leaver.id)).toBe(soon.getTime());
    const months = await ctx.db.selectFrom('purchases').select('id').where('buyer_id', '=', fan.id).execute();
    expect(months).toHaveLength(2);
    expect(await canWatch(ctx, videoId, fan)).toBe(200);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
    // The late-settling provider leaves renewals to its webhooks.
    expect(await late.deps.services.purchases.renewDueMemberships()).toBe(0);
  });

  it("deleting an account ends its memberships and its channel's, and its offer", async () => {
    const { creator } = await channel(ctx);
    const fan = await registerUser(ctx);
    const other = await channel(ctx);
    await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan);
    await call(ctx, 'POST', `/api/memberships/${other.creator.id}`, fan);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { cookie: creator.cookie },
      payload: { password: creator.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(ctx, 'GET', `/api/memberships/offer/${creator.id}`)).statusCode).toBe(404);
    const states = async () =>
      (await ctx.db.selectFrom('memberships').select(['channel_id', 'state']).where('member_id', '=', fan.id).execute())
        .map((m) => `${m.channel_id === creator.id ? 'deleted' : 'other'}:${m.state}`)
        .sort();
    expect(await states()).toEqual(['deleted:ended', 'other:active']);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { cookie: fan.cookie },
      payload: { password: fan.password },
    });
    expect(await states()).toEqual(['deleted:ended', 'other:ended']);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it("a member's comments carry the member badge on the channel's videos; others' do not", async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan);
    expect((await call(ctx, 'POST', `/api/comment/video/${videoId}`, fan, { content: 'From a member' })).statusCode).toBe(201);
    expect((await call(ctx, 'POST', `/api/comment/video/${videoId}`, creator, { content: 'From the creator' })).statusCode).toBe(
      201,
    );
    const list = async () =>
      (
        (await call(ctx, 'GET', `/api/comment/video/${videoId}`, fan)).json().data as { content: string; isMember?: boolean }[]
      ).map((c) => [c.content, c.isMember ?? false]);
    expect(await list()).toEqual([
      ['From a member', true],
      ['From the creator', false],
    ]);
    await ctx.db
      .updateTable('memberships')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('member_id', '=', fan.id)
      .execute();
    // The membership over, the badge goes (and the members-only video's comments with it: 401).
    expect(
      (await call(ctx, 'GET', `/api/comment/video/${videoId}`, creator))
        .json()
        .data.map((c: { isMember?: boolean }) => c.isMember ?? false),
    ).toEqual([false, false]);
  });

  it('a membership the provider cancelled ends at once', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    const membership = (await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data;
    await deliver(ctx, { id: `evt_cancel_${membership._id}`, type: 'subscription.cancelled', membershipId: membership._id });
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    expect((await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data[0].state).toBe('ended');
  });
});

describe("refunding a membership's month (an administrator)", () => {
  const journal = async (purchaseId: string) =>
    (await ctx.db.selectFrom('journal_entries').select('kind').where('purchase_id', '=', purchaseId).execute()).map(
      (e) => e.kind,
    );
  const paid = async (purchaseId: string) =>
    (await ctx.db.selectFrom('test_payments').select('status').where('purchase_id', '=', purchaseId).executeTakeFirst())?.status;

  it('an older month: refunded at the provider once (refused once, then accepted), the membership stays; its latest month: the membership ends', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    const admin = await registerUser(ctx);
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const membership = (await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data;
    await deliver(ctx, {
      id: `evt_renew_refund_${membership._id}`,
      type: 'subscription.renewed',
      membershipId: membership._id,
      reference: `in_refund_${membership._id}`,
    });
    const months = await ctx.db
      .selectFrom('purchases')
      .select(['id', 'status'])
      .where('membership_id', '=', membership._id)
      .orderBy('settled_at')
      .execute();
    expect(months.map((m) => m.status)).toEqual(['settled', 'settled']);
    const [first, renewal] = months.map((m) => m.id) as [string, string];

    expect((await call(ctx, 'POST', `/api/admin/purchases/${first}/refund`)).statusCode).toBe(401);
    expect((await call(ctx, 'POST', `/api/admin/purchases/${first}/refund`, fan)).statusCode).toBe(403);
    expect((await call(ctx, 'POST', '/api/admin/purchases/not-an-id/refund', admin)).statusCode).toBe(400);
    const refunded = await call(ctx, 'POST', `/api/admin/purchases/${first}/refund`, admin);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ state: 'refunded' });
    expect((await call(ctx, 'POST', `/api/admin/purchases/${first}/refund`, admin)).statusCode).toBe(409);
    // An older month was used up: the membership runs on the renewal's period.
    expect(await canWatch(ctx, videoId, fan)).toBe(200);
    expect((await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data[0].state).toBe('active');
    // The provider is asked with the purchase id as key: refused once, then done, once.
    const provider = ctx.deps.services.purchases.provider as TestProvider;
    provider.refuseRefunds = 1;
    await expect(ctx.deps.services.purchases.returnMoney(first)).rejects.toThrow();
    expect(await paid(first)).toBe('settled');
    expect(await ctx.deps.services.purchases.returnMoney(first)).toBe('returned');
    expect(await ctx.deps.services.purchases.returnMoney(first)).toBe('nothing to return');
    expect(await paid(first)).toBe('refunded');
    expect(await journal(first)).toEqual(['sale', 'refund']);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);

    // The month its period stands on: refunded, the membership ends now and grants nothing.
    expect((await call(ctx, 'POST', `/api/admin/purchases/${renewal}/refund`, admin)).statusCode).toBe(200);
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    const mine = (await call(ctx, 'GET', '/api/memberships/mine', fan)).json().data[0];
    expect(mine.state).toBe('ended');
    expect(new Date(mine.currentPeriodEnd).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await call(ctx, 'GET', '/api/memberships/members', creator)).json().data).toEqual([]);
    expect(await ctx.deps.services.purchases.returnMoney(renewal)).toBe('returned');
    expect(await journal(renewal)).toEqual(['sale', 'refund']);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
    // Ended, it may be joined again.
    expect((await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data.state).toBe('active');
    expect(await canWatch(ctx, videoId, fan)).toBe(200);
  });

  it('the only month of a membership: refunded, the membership ends at once', async () => {
    const { creator, videoId } = await channel(ctx);
    const fan = await registerUser(ctx);
    const admin = await registerUser(ctx);
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const membership = (await call(ctx, 'POST', `/api/memberships/${creator.id}`, fan)).json().data;
    const month = await ctx.db
      .selectFrom('purchases')
      .select('id')
      .where('membership_id', '=', membership._id)
      .executeTakeFirstOrThrow();
    expect((await call(ctx, 'POST', `/api/admin/purchases/${month.id}/refund`, admin)).statusCode).toBe(200);
    expect(await canWatch(ctx, videoId, fan)).toBe(401);
    expect(await ctx.deps.services.purchases.returnMoney(month.id)).toBe('returned');
    expect(await paid(month.id)).toBe('refunded');
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });
});

describe('joining with a provider that settles later', () => {
  it('pending with a checkout until the webhook; a renewal told before the first month waits for it', async () => {
    const { creator, videoId } = await channel(late);
    const fan = await registerUser(late);
    const res = await call(late, 'POST', `/api/memberships/${creator.id}`, fan);
    expect(res.statusCode, res.body).toBe(200);
    const { membership, purchase, checkoutUrl } = res.json().data;
    expect(membership.state).toBe('pending');
    expect(checkoutUrl).toBe(`/channel/${creator.id}?checkout=${purchase._id}`);
    expect(await canWatch(late, videoId, fan)).toBe(401);
    expect((await call(late, 'POST', `/api/memberships/${creator.id}`, fan)).json()).toMatchObject({
      statusCode: 409,
      data: 'Membership checkout already in progress',
    });
    // Reordered: the second month's invoice arrives before the first month settled.
    await deliver(late, {
      id: `evt_r_${membership._id}`,
      type: 'subscription.renewed',
      membershipId: membership._id,
      reference: 'in_x',
    });
    expect(await canWatch(late, videoId, fan)).toBe(401);
    for (let i = 0; i < 3; i++) {
      await deliver(late, {
        id: `evt_s_${purchase._id}`,
        type: 'payment.settled',
        purchaseId: purchase._id,
        reference: `test_${purchase._id}`,
      });
    }
    expect(await canWatch(late, videoId, fan)).toBe(200);
    const months = await late.db.selectFrom('purchases').select('status').where('membership_id', '=', membership._id).execute();
    expect(months).toHaveLength(2);
    expect(await late.deps.services.ledger.problems()).toEqual([]);
  });

  it('a checkout abandoned frees the channel for another try', async () => {
    const { creator } = await channel(late);
    const fan = await registerUser(late);
    const { purchase } = (await call(late, 'POST', `/api/memberships/${creator.id}`, fan)).json().data;
    await deliver(late, { id: `evt_e_${purchase._id}`, type: 'payment.expired', purchaseId: purchase._id });
    const again = await call(late, 'POST', `/api/memberships/${creator.id}`, fan);
    expect(again.json().data.membership.state).toBe('pending');
    const states = await late.db
      .selectFrom('memberships')
      .select('state')
      .where('member_id', '=', fan.id)
      .orderBy('created_at')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['failed', 'pending']);
  });
});
