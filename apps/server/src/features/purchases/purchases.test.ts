import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../../test/support.ts';
import { createPlaylist, createUser, createVideo } from '../../../test/factories.ts';
import type { ChargeOutcome, PaymentProvider, ProviderEvent } from './payment-provider.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

type Method = 'GET' | 'POST';
const get = (c: TestContext, url: string, cookie?: string, headers: Record<string, string> = {}) =>
  c.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
const buy = (url: string, cookie?: string, method: Method = 'GET', headers: Record<string, string> = {}, c = ctx) =>
  c.app.inject({ method, url: `/api/purchase/buy/${url}`, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

async function books(buyerId: string) {
  const purchases = await db.selectFrom('purchases').selectAll().where('buyer_id', '=', buyerId).execute();
  const entitlements = await db.selectFrom('entitlements').selectAll().where('user_id', '=', buyerId).execute();
  const ids = purchases.map((p) => p.id);
  const entries = ids.length ? await db.selectFrom('journal_entries').selectAll().where('purchase_id', 'in', ids).execute() : [];
  const lines = entries.length
    ? await db
        .selectFrom('journal_lines')
        .selectAll()
        .where(
          'entry_id',
          'in',
          entries.map((e) => e.id),
        )
        .execute()
    : [];
  return { purchases, entitlements, entries, lines };
}

/** A creator with an exclusive video (9.99) and a free one. */
async function creator() {
  const owner = await registerUser(ctx);
  const exclusive = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 999, title: 'Paid clip' });
  const free = await createVideo(db, owner.id);
  return { owner, exclusive, free };
}

describe('GET /api/purchase/info/:videoId', () => {
  it('answers the video without file URLs and whether the caller may already watch it', async () => {
    const { owner, exclusive } = await creator();
    const fan = await registerUser(ctx);
    const res = await get(ctx, `/api/purchase/info/${exclusive}`, fan.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      hasAccess: false,
      video: {
        _id: exclusive,
        title: 'Paid clip',
        isExclusive: true,
        price: 9.99,
        owner: { _id: owner.id, username: owner.username },
      },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/videoFile|hlsUrl|m3u8|mp4/);
    expect((await get(ctx, `/api/purchase/info/${exclusive}`)).json().data.hasAccess).toBe(false);
    expect((await get(ctx, `/api/purchase/info/${exclusive}`, owner.cookie)).json().data.hasAccess).toBe(true);
  });

  it('missing or unlisted → 404, malformed → 400', async () => {
    const owner = await createUser(db);
    const processing = await createVideo(db, owner.id, { status: 'processing', isExclusive: true });
    expect((await get(ctx, `/api/purchase/info/${MISSING}`)).statusCode).toBe(404);
    expect((await get(ctx, `/api/purchase/info/${processing}`)).statusCode).toBe(404);
    expect((await get(ctx, '/api/purchase/info/123')).statusCode).toBe(400);
  });
});

describe('buying a video', () => {
  it('settles at once: the record, the entitlement, a balanced journal with a 10 % fee, and access', async () => {
    const { owner, exclusive } = await creator();
    const fan = await registerUser(ctx);
    const res = await buy(`video/${exclusive}`, fan.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Video purchased successfully',
      data: { kind: 'video', status: 'settled', amount: 9.99, videoId: exclusive },
    });
    const b = await books(fan.id);
    expect(b.purchases).toHaveLength(1);
    expect(b.entitlements).toMatchObject([{ kind: 'video', video_id: exclusive, purchase_id: b.purchases[0]!.id }]);
    expect(b.entries).toHaveLength(1);
    const byAccount = Object.fromEntries(b.lines.map((l) => [l.account, [l.user_id, l.amount_minor]]));
    expect(byAccount).toEqual({
      buyer_payments: [fan.id, 999],
      creator_earnings: [owner.id, -899],
      platform_revenue: [null, -100],
    });
    expect((await get(ctx, `/api/purchase/info/${exclusive}`, fan.cookie)).json().data.hasAccess).toBe(true);
  });

  it('a repeat → 409 "Already purchased", nothing charged twice; GET and POST both buy', async () => {
    const { exclusive } = await creator();
    const fan = await registerUser(ctx);
    expect((await buy(`video/${exclusive}`, fan.cookie, 'POST')).statusCode).toBe(200);
    for (const method of ['GET', 'POST'] as const) {
      const again = await buy(`video/${exclusive}`, fan.cookie, method);
      expect(again.statusCode).toBe(409);
      expect(again.json().data).toBe('Already purchased');
    }
    expect((await books(fan.id)).purchases).toHaveLength(1);
  });

  it('not exclusive → 400, own → 400, missing → 404, malformed → 400, anonymous → 401; nothing written', async () => {
    const { owner, exclusive, free } = await creator();
    const fan = await registerUser(ctx);
    const cases: [string, string | undefined, number, string][] = [
      [`video/${free}`, fan.cookie, 400, 'This video is not exclusive'],
      [`video/${exclusive}`, owner.cookie, 400, 'You cannot buy your own video'],
      [`video/${MISSING}`, fan.cookie, 404, 'Video not found'],
      ['video/nope', fan.cookie, 400, 'Invalid id'],
      ['video/%00', fan.cookie, 400, 'Invalid id'],
      [`video/${exclusive}`, undefined, 401, 'Unauthorized request'],
    ];
    for (const [url, cookie, status, text] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await buy(url, cookie, method);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json().data, url).toContain(text);
      }
    }
    expect((await buy(`video/${exclusive}`)).json().reason).toBe('signin');
    expect((await books(fan.id)).purchases).toEqual([]);
    expect((await books(owner.id)).purchases).toEqual([]);
  });

  it('100 concurrent clicks by one buyer: one purchase, one entitlement, one journal summing to zero', async () => {
    const { exclusive } = await creator();
    const fan = await registerUser(ctx);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => buy(`video/${exclusive}`, fan.cookie, i % 2 ? 'GET' : 'POST')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const b = await books(fan.id);
    expect(b.purchases.map((p) => p.status)).toEqual(['settled']);
    expect(b.entitlements).toHaveLength(1);
    expect(b.entries).toHaveLength(1);
    expect(b.lines.reduce((sum, l) => sum + l.amount_minor, 0)).toBe(0);
    expect(b.lines.filter((l) => l.account === 'buyer_payments').map((l) => l.amount_minor)).toEqual([999]);
  });
});

describe('buying a playlist', () => {
  it('grants the exclusive videos of its owner in it, also ones added later, never other owners’ videos', async () => {
    const { owner, exclusive } = await creator();
    const someone = await createUser(db);
    const theirs = await createVideo(db, someone.id, { isExclusive: true });
    const playlist = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2500, videoIds: [exclusive, theirs] });
    const fan = await registerUser(ctx);
    const res = await buy(`playlist/${playlist}`, fan.cookie, 'POST');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Playlist purchased successfully',
      data: { kind: 'playlist', amount: 25, playlistId: playlist },
    });
    expect((await get(ctx, `/api/purchase/info/${exclusive}`, fan.cookie)).json().data.hasAccess).toBe(true);
    expect((await get(ctx, `/api/purchase/info/${theirs}`, fan.cookie)).json().data.hasAccess).toBe(false);

    const later = await createVideo(db, owner.id, { isExclusive: true });
    expect(
      (await app.inject({ method: 'POST', url: `/api/playlist/video/${later}/${playlist}`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(200);
    expect((await get(ctx, `/api/purchase/info/${later}`, fan.cookie)).json().data.hasAccess).toBe(true);
    // Buying a video the playlist already grants: nothing to buy.
    expect((await buy(`video/${later}`, fan.cookie)).json()).toMatchObject({ statusCode: 409, data: 'Already purchased' });
    expect((await buy(`playlist/${playlist}`, fan.cookie)).json()).toMatchObject({ statusCode: 409, data: 'Already purchased' });
    const detail = (await get(ctx, `/api/playlist/${playlist}`, fan.cookie)).json().data;
    expect(detail.access).toBe(true);
  });

  it('not exclusive → 400, own → 400, missing → 404, malformed → 400, anonymous → 401', async () => {
    const owner = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const free = await createPlaylist(db, owner.id);
    const paid = await createPlaylist(db, owner.id, { isExclusive: true });
    expect((await buy(`playlist/${free}`, fan.cookie)).json()).toMatchObject({
      statusCode: 400,
      data: 'This playlist is not exclusive',
    });
    expect((await buy(`playlist/${paid}`, owner.cookie)).json()).toMatchObject({
      statusCode: 400,
      data: 'You cannot buy your own playlist',
    });
    expect((await buy(`playlist/${MISSING}`, fan.cookie)).statusCode).toBe(404);
    expect((await buy('playlist/x', fan.cookie, 'POST')).statusCode).toBe(400);
    expect((await buy(`playlist/${paid}`, undefined, 'POST')).statusCode).toBe(401);
    expect((await books(fan.id)).purchases).toEqual([]);
  });
});

describe('buying upload slots', () => {
  it('+5 slots for 20 each time, each its own purchase; the platform earns it all', async () => {
    const user = await registerUser(ctx);
    const limit = async () => (await get(ctx, '/api/users/me', user.cookie)).json().data.uploads.uploadLimit as number;
    const before = await limit();
    const first = await buy('uploads', user.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Extra upload slots bought successfully',
      data: { kind: 'uploads', status: 'settled', amount: 20, uploadCount: 5 },
    });
    expect((await buy('uploads', user.cookie, 'POST')).statusCode).toBe(200);
    expect(await limit()).toBe(before + 10);
    expect((await get(ctx, `/api/dashboard/videos/${user.id}`, user.cookie)).json().data.uploads).toEqual({
      uploaded: 0,
      uploadLimit: before + 10,
    });
    const b = await books(user.id);
    expect(b.purchases).toHaveLength(2);
    expect(b.lines.filter((l) => l.account === 'platform_revenue').map((l) => l.amount_minor)).toEqual([-2000, -2000]);
    expect(b.lines.filter((l) => l.account === 'creator_earnings')).toEqual([]);
  });

  it('the same Idempotency-Key, even 100 times at once, buys once', async () => {
    const user = await registerUser(ctx);
    const headers = { 'idempotency-key': 'click-1234' };
    const results = await Promise.all(Array.from({ length: 100 }, () => buy('uploads', user.cookie, 'POST', headers)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(99);
    expect((await buy('uploads', user.cookie, 'GET', headers)).json().data).toBe('Already purchased');
    expect((await books(user.id)).purchases).toHaveLength(1);
    // The key belongs to that purchase: using it for another item is a conflict too.
    const { exclusive } = await creator();
    expect((await buy(`video/${exclusive}`, user.cookie, 'GET', headers)).json()).toMatchObject({
      statusCode: 409,
      data: 'This Idempotency-Key was used for another purchase',
    });
  });

  it('HEAD to a buy path buys nothing (only GET and POST are buy calls)', async () => {
    const user = await registerUser(ctx);
    const { exclusive } = await creator();
    for (const path of ['uploads', `video/${exclusive}`]) {
      const res = await ctx.app.inject({ method: 'HEAD', url: `/api/purchase/buy/${path}`, headers: { cookie: user.cookie } });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await books(user.id)).purchases).toEqual([]);
  });

  it('a malformed Idempotency-Key → 400', async () => {
    const user = await registerUser(ctx);
    for (const key of ['x'.repeat(201), 'has space', 'tab\there']) {
      const res = await buy('uploads', user.cookie, 'POST', { 'idempotency-key': key });
      expect(res.statusCode, key).toBe(400);
    }
    expect((await books(user.id)).purchases).toEqual([]);
  });
});

describe('cross-site buy calls', () => {
  it('GET and POST to each buy path are refused (403) and write nothing', async () => {
    const { exclusive } = await creator();
    const owner = await createUser(db);
    const playlist = await createPlaylist(db, owner.id, { isExclusive: true });
    const fan = await registerUser(ctx);
    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }];
    for (const path of [`video/${exclusive}`, `playlist/${playlist}`, 'uploads']) {
      for (const method of ['GET', 'POST'] as const) {
        for (const headers of foreign) {
          const res = await buy(path, fan.cookie, method, headers);
          expect(res.statusCode, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.json().success).toBe(false);
        }
      }
    }
    expect(await books(fan.id)).toEqual({ purchases: [], entitlements: [], entries: [], lines: [] });
    // Same-origin passes.
    expect((await buy('uploads', fan.cookie, 'POST', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});

describe('GET /api/purchase/track', () => {
  it('always has the three lists', async () => {
    const user = await registerUser(ctx);
    const res = await get(ctx, '/api/purchase/track', user.cookie);
    expect(res.json().data).toEqual({ purchasedVideos: [], purchasedPlaylists: [], purchasedUploads: [] });
    expect((await get(ctx, '/api/purchase/track')).statusCode).toBe(401);
  });

  it('lists bought videos, the videos bought playlists grant (with the playlist), playlists and uploads', async () => {
    const { owner, exclusive } = await creator();
    const second = await createVideo(db, owner.id, { isExclusive: true, title: 'In the playlist' });
    const playlist = await createPlaylist(db, owner.id, { isExclusive: true, name: 'Best of', videoIds: [exclusive, second] });
    const fan = await registerUser(ctx);
    await buy(`video/${exclusive}`, fan.cookie);
    await buy(`playlist/${playlist}`, fan.cookie);
    await buy('uploads', fan.cookie);
    const data = (await get(ctx, '/api/purchase/track', fan.cookie)).json().data;
    expect(data.purchasedVideos).toHaveLength(2);
    expect(data.purchasedVideos[0]).toMatchObject({
      videoId: { _id: exclusive, title: 'Paid clip', owner: { _id: owner.id } },
      amount: 9.99,
    });
    expect(data.purchasedVideos[0]).not.toHaveProperty('playlistId');
    expect(data.purchasedVideos[1]).toMatchObject({
      videoId: { _id: second, title: 'In the playlist' },
      amount: 0,
      playlistId: { _id: playlist, name: 'Best of', owner: { _id: owner.id } },
    });
    expect(data.purchasedPlaylists).toMatchObject([
      { playlistId: { _id: playlist, name: 'Best of', owner: { _id: owner.id } }, amount: 30 },
    ]);
    expect(data.purchasedUploads).toMatchObject([{ uploadCount: 5, amount: 20 }]);

    // A deleted video stays in the buyer's history with the title bought.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/video/v/${exclusive}`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    const after = (await get(ctx, '/api/purchase/track', fan.cookie)).json().data;
    expect(after.purchasedVideos[0]).toMatchObject({
      videoId: { _id: exclusive, title: 'Paid clip', thumbnail: '' },
      amount: 9.99,
    });
  });
});

describe('GET /api/purchase/earnings', () => {
  it("the creator's earnings after the platform fee, in total, over 30 days and per item", async () => {
    const { owner, exclusive } = await creator();
    const playlist = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2000, name: 'Bundle' });
    for (let i = 0; i < 2; i++) {
      const fan = await registerUser(ctx);
      await buy(`video/${exclusive}`, fan.cookie);
    }
    await buy(`playlist/${playlist}`, (await registerUser(ctx)).cookie);
    const data = (await get(ctx, '/api/purchase/earnings', owner.cookie)).json().data;
    // 2 × (9.99 − 1.00) + (20 − 2) = 35.98
    expect(data).toMatchObject({ total: 35.98, last30Days: 35.98, sales: 3 });
    expect(data.items).toMatchObject([
      { kind: 'playlist', _id: playlist, title: 'Bundle', sales: 1, amount: 18 },
      { kind: 'video', _id: exclusive, title: 'Paid clip', sales: 2, amount: 17.98 },
    ]);
    const nobody = await registerUser(ctx);
    expect((await get(ctx, '/api/purchase/earnings', nobody.cookie)).json().data).toEqual({
      total: 0,
      last30Days: 0,
      sales: 0,
      items: [],
    });
    expect((await get(ctx, '/api/purchase/earnings')).statusCode).toBe(401);
  });
});

/** A hosted checkout: the buyer is redirected; a webhook signed with HMAC-SHA256 settles or fails. */
function hostedCheckout(secret: string): PaymentProvider & { declineNext: boolean; refunds: string[] } {
  return {
    name: 'hosted',
    declineNext: false,
    refunds: [],
    async charge(charge): Promise<ChargeOutcome> {
      if (this.declineNext) {
        this.declineNext = false;
        return { status: 'failed', reason: 'Card declined' };
      }
      return {
        status: 'pending',
        reference: `cs_${charge.purchaseId}`,
        redirectUrl: `https://pay.example/c/${charge.purchaseId}`,
      };
    },
    readWebhook(headers, body): ProviderEvent | null {
      const expected = createHmac('sha256', secret).update(body).digest('hex');
      if (headers['x-signature'] !== expected) return null;
      return JSON.parse(body.toString()) as ProviderEvent;
    },
    async refund(reference) {
      this.refunds.push(reference);
    },
    async onboarding() {
      throw new Error('This provider pays nothing out');
    },
    async payout() {
      throw new Error('This provider pays nothing out');
    },
    // Every purchase it was asked about is waiting on its checkout page (recovery leaves it).
    async lookup(purchaseId) {
      return { status: 'pending', reference: `cs_${purchaseId}` };
    },
  };
}

const secret = 'whsec_test';
const provider = hostedCheckout(secret);
const hosted = await createTestContext({}, { paymentProvider: provider });

describe('a hosted-checkout provider', () => {
  const hook = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return hosted.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/hosted',
      headers: {
        'content-type': 'application/json',
        'x-signature': signature ?? createHmac('sha256', secret).update(payload).digest('hex'),
      },
      payload,
    });
  };

  it('pending with a checkout page (200, API.md §20) until its signed webhook settles it, once', async () => {
    const owner = await registerUser(hosted);
    const video = await createVideo(hosted.db, owner.id, { isExclusive: true, priceMinor: 500 });
    const fan = await registerUser(hosted);
    const res = await buy(`video/${video}`, fan.cookie, 'POST', {}, hosted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment pending');
    const record = res.json().data.purchase;
    expect(res.json().data).toEqual({
      purchase: { _id: record._id, state: 'pending' },
      checkoutUrl: `https://pay.example/c/${record._id}`,
    });
    expect((await get(hosted, `/api/purchase/info/${video}`, fan.cookie)).json().data.hasAccess).toBe(false);
    expect((await buy(`video/${video}`, fan.cookie, 'POST', {}, hosted)).json()).toMatchObject({
      statusCode: 409,
      data: 'Purchase already in progress',
    });

    const event = { id: `evt_${record._id}`, type: 'payment.settled', purchaseId: record._id, reference: `cs_${record._id}` };
    expect((await hook(event, 'forged')).statusCode).toBe(400);
    expect((await get(hosted, `/api/purchase/info/${video}`, fan.cookie)).json().data.hasAccess).toBe(false);
    expect((await hook(event)).statusCode).toBe(200);
    expect((await hook(event)).statusCode).toBe(200);
    expect((await get(hosted, `/api/purchase/info/${video}`, fan.cookie)).json().data.hasAccess).toBe(true);
    const entries = await hosted.db.selectFrom('journal_entries').selectAll().where('purchase_id', '=', record._id).execute();
    expect(entries).toHaveLength(1);
    expect(await hosted.deps.services.ledger.problems()).toEqual([]);
  });

  it('a failed webhook or a declined charge grants nothing and frees the item for another try', async () => {
    const owner = await registerUser(hosted);
    const video = await createVideo(hosted.db, owner.id, { isExclusive: true, priceMinor: 500 });
    const fan = await registerUser(hosted);
    const first = (await buy(`video/${video}`, fan.cookie, 'POST', {}, hosted)).json().data.purchase;
    expect(
      (await hook({ id: `evt_f${first._id}`, type: 'payment.failed', purchaseId: first._id, reason: 'Abandoned' })).statusCode,
    ).toBe(200);
    provider.declineNext = true;
    const declined = await buy(`video/${video}`, fan.cookie, 'POST', {}, hosted);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().data).toBe('Payment failed: Card declined');
    expect((await buy(`video/${video}`, fan.cookie, 'POST', {}, hosted)).json().data.checkoutUrl).toMatch(
      /^https:\/\/pay\.example/,
    );
    const rows = await hosted.db
      .selectFrom('purchases')
      .select('status')
      .where('buyer_id', '=', fan.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'pending']);
    expect(await hosted.db.selectFrom('entitlements').selectAll().where('user_id', '=', fan.id).execute()).toEqual([]);
  });

  it('an item deleted before the webhook arrives: the purchase fails, is refunded, and grants nothing', async () => {
    const owner = await registerUser(hosted);
    const video = await createVideo(hosted.db, owner.id, { isExclusive: true, priceMinor: 500 });
    const fan = await registerUser(hosted);
    const record = (await buy(`video/${video}`, fan.cookie, 'POST', {}, hosted)).json().data.purchase;
    const deleted = await hosted.app.inject({
      method: 'DELETE',
      url: `/api/video/v/${video}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await hook({ id: `evt_${record._id}`, type: 'payment.settled', purchaseId: record._id, reference: `cs_${record._id}` }))
        .statusCode,
    ).toBe(200);
    const row = await hosted.db
      .selectFrom('purchases')
      .select(['status', 'failure_reason'])
      .where('id', '=', record._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', failure_reason: 'The item is no longer for sale' });
    expect(provider.refunds).toContain(`cs_${record._id}`);
    expect(await hosted.db.selectFrom('entitlements').selectAll().where('user_id', '=', fan.id).execute()).toEqual([]);
    expect(await hosted.deps.services.ledger.problems()).toEqual([]);
  });
});
