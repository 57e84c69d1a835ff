import { sql } from 'kysely';
import {
  UPLOAD_SLOTS_PER_PURCHASE,
  UPLOAD_SLOTS_PRICE,
  toAmount,
  toMinorUnits,
  type Owner,
  type PurchaseHistory,
  type PurchaseInfo,
  type PurchaseRecord,
} from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { AppError, BadInput, Conflict, NotFound, PaymentFailed } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/access.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { PaymentProvider, ProviderEvent, WebhookHeaders } from './payment-provider.ts';
import { createPurchasesRepo, type NewPurchase, type PurchaseRow } from './purchases.repo.ts';

interface Deps {
  db: Db;
  access: AccessService;
  ledger: LedgerService;
  provider: PaymentProvider;
  /** A settled sale is announced with it (its seller is notified: docs/notifications.md). */
  events: Pick<Events, 'publish'>;
  log: { error(obj: object, msg: string): void };
  /** An administrator's refund is audited (docs/moderation.md); absent in tests that build the service alone. */
  audit?: AuditService;
}

/**
 * What is for sale to this buyer, at what price: the purchase before it has an id and a key, and
 * the item's page a hosted checkout returns to.
 */
type Offer = Omit<NewPurchase, 'id' | 'buyerId' | 'idempotencyKey' | 'provider'> & { returnPath: string };

/** A purchase refunded in the ledger, whose money the provider is asked to return after commit. */
export interface Refund {
  purchaseId: string;
  reference: string | null;
  amountMinor: number;
}

/**
 * A buy call's answer: the settled record, or (a provider that settles later, API.md §20) the
 * pending purchase and the provider's checkout page to send the buyer to.
 */
export type BuyResult =
  | { pending: false; record: PurchaseRecord }
  | { pending: true; checkout: { purchase: { _id: string; state: 'pending' }; checkoutUrl: string } };

/** What became of a webhook event: applied now, changing nothing (moot), or waiting for an earlier one. */
type EventOutcome = 'applied' | 'moot' | 'wait';
/** Events of one purchase are tried in this order, so one that arrived early follows the one it needs. */
const EVENT_ORDER: Record<ProviderEvent['type'], number> = {
  'payment.settled': 0,
  'payment.failed': 0,
  'payment.expired': 0,
  'dispute.opened': 1,
  'dispute.won': 2,
  'dispute.lost': 2,
  'subscription.renewed': 0,
  'subscription.failed': 1,
  'subscription.cancelled': 2,
  'payout.paid': 0,
  'payout.failed': 1,
};
/** What an event is about: a purchase, or a membership (its events wait and apply per subject). */
const subjectOf = (e: ProviderEvent) => ('purchaseId' in e ? e.purchaseId : 'membershipId' in e ? e.membershipId : e.payoutId);
export type PayoutEvent = Extract<ProviderEvent, { payoutId: string }>;

/** How long a purchase may stay pending before recovery asks the provider about it. */
export const RECOVER_AFTER_MS = 30_000;
/** Why a charged purchase that could not settle failed (its money was given back). */
const NOT_COMPLETED = 'The purchase could not be completed; the payment was refunded';

const toRecord = (p: PurchaseRow, redirectUrl?: string): PurchaseRecord => ({
  _id: p.id,
  kind: p.kind,
  status: p.status,
  state: p.status,
  amount: toAmount(p.amount_minor),
  purchasedAt: (p.settled_at ?? p.created_at).toISOString(),
  ...(p.video_id ? { videoId: p.video_id } : {}),
  ...(p.playlist_id ? { playlistId: p.playlist_id } : {}),
  ...(p.upload_slots ? { uploadCount: p.upload_slots } : {}),
  ...(redirectUrl ? { redirectUrl } : {}),
});

const toOwner = (r: { owner_id: string; owner_fullname: string; owner_username: string; owner_avatar: string }): Owner => ({
  _id: r.owner_id,
  fullname: r.owner_fullname,
  username: r.owner_username,
  avatar: r.owner_avatar,
});

/**
 * Purchases (API.md §11). Each is a small state machine, pending → settled | failed:
 *
 * 1. the offer is checked (exists, exclusive, not the buyer's own, not already held);
 * 2. a pending row is inserted; unique indexes allow one live purchase per buyer and item and
 *    one per idempotency key, so concurrent clicks meet there and all but one get 409;
 * 3. the provider charges (the purchase id is its idempotency key): settled at once, failed, or
 *    pending until its signed webhook arrives;
 * 4. settling is one transaction: the status, the entitlement and the balanced journal.
 */
export function createPurchasesService({ db, access, ledger, provider, events, log, audit }: Deps) {
  const repo = createPurchasesRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({
    q,
    purchases: createPurchasesRepo(q),
    entitlements: access.on(q),
    journal: ledger.on(q),
  }));

  async function videoOffer(viewer: Viewer, videoId: string): Promise<Offer> {
    const mayWatch = await access.assertVisible(videoId, viewer);
    const video = await repo.video(videoId);
    if (!video) throw new NotFound('Video not found');
    if (video.owner_id === viewer._id) throw new BadInput('You cannot buy your own video');
    if (!video.is_exclusive || video.price_minor === null) throw new BadInput('This video is not exclusive');
    if (mayWatch) throw new Conflict('Already purchased');
    return {
      kind: 'video',
      videoId,
      sellerId: video.owner_id,
      title: video.title,
      amountMinor: video.price_minor,
      returnPath: `/video/watch/${videoId}`,
    };
  }

  async function playlistOffer(viewer: Viewer, playlistId: string): Promise<Offer> {
    const playlist = await repo.playlist(playlistId);
    if (!playlist) throw new NotFound('Playlist not found');
    if (playlist.owner_id === viewer._id) throw new BadInput('You cannot buy your own playlist');
    if (!playlist.is_exclusive || playlist.price_minor === null) throw new BadInput('This playlist is not exclusive');
    if (await access.playlistAccess(playlistId, viewer)) throw new Conflict('Already purchased');
    return {
      kind: 'playlist',
      playlistId,
      sellerId: playlist.owner_id,
      title: playlist.name,
      amountMinor: playlist.price_minor,
      returnPath: `/playlist/p/${playlistId}`,
    };
  }

  const uploadsOffer = (): Offer => ({
    kind: 'uploads',
    uploadSlots: UPLOAD_SLOTS_PER_PURCHASE,
    sellerId: null,
    title: `${UPLOAD_SLOTS_PER_PURCHASE} upload slots`,
    amountMinor: toMinorUnits(UPLOAD_SLOTS_PRICE),
    returnPath: '/videos',
  });

  /** Why a pending row could not be inserted: the same key was used, or the item is bought or being bought. */
  async function conflict(viewer: Viewer, key: string, offer: Offer): Promise<AppError> {
    const sameKey = await repo.findByKey(viewer._id, key);
    if (sameKey) {
      const sameItem =
        sameKey.kind === offer.kind &&
        sameKey.video_id === (offer.videoId ?? null) &&
        sameKey.playlist_id === (offer.playlistId ?? null);
      if (!sameItem) return new Conflict('This Idempotency-Key was used for another purchase');
      if (sameKey.status === 'failed') return new PaymentFailed(`Payment failed: ${sameKey.failure_reason ?? 'declined'}`);
      return new Conflict(sameKey.status === 'pending' ? 'Purchase already in progress' : 'Already purchased');
    }
    const live = await repo.findLive(viewer._id, offer);
    return new Conflict(live?.status === 'pending' ? 'Purchase already in progress' : 'Already purchased');
  }

  /**
   * pending → settled in one transaction: the entitlement and the journal are written with the
   * status, or nothing is. Settling twice (a repeated webhook) changes nothing. The provider's
   * money goes back before our record says so ("money first"): an item that disappeared
   * meanwhile is refunded and then the purchase fails; a charge that arrives for a purchase
   * already failed (recovery found it never charged) is refunded. A crash between the two leaves
   * the purchase pending, and recovery finds the provider's refund.
   */
  async function settle(purchaseId: string, reference: string): Promise<PurchaseRow> {
    const outcome = await inTransaction(async ({ q, purchases, entitlements, journal }) => {
      const p = await purchases.lock(purchaseId);
      if (!p) throw new NotFound('Purchase not found');
      if (p.status === 'failed') return { purchase: p, refund: 'already failed' as const };
      if (p.status !== 'pending') return { purchase: p, refund: null };
      if (!(await purchases.lockItem(p))) return { purchase: p, refund: 'item gone' as const };
      const settled = await purchases.markSettled(p.id, reference);
      // A membership's month: its period is what grants (the access rule), not an entitlement row.
      if (p.kind === 'membership') {
        await purchases.extendMembership(p.membership_id!);
        await journal.recordSale(p.id, { amountMinor: p.amount_minor, buyerId: p.buyer_id, sellerId: p.seller_id });
        await events.publish(q, 'purchase.settled', { purchaseId: p.id });
        return { purchase: settled, refund: null };
      }
      await entitlements.grant({
        id: newId(),
        userId: p.buyer_id,
        kind: p.kind,
        videoId: p.video_id ?? undefined,
        playlistId: p.playlist_id ?? undefined,
        uploadSlots: p.upload_slots ?? undefined,
        purchaseId: p.id,
      });
      await journal.recordSale(p.id, { amountMinor: p.amount_minor, buyerId: p.buyer_id, sellerId: p.seller_id });
      await events.publish(q, 'purchase.settled', { purchaseId: p.id });
      return { purchase: settled, refund: null };
    });
    if (outcome.refund === null) return outcome.purchase;
    await provider.refund(reference, outcome.purchase.amount_minor, purchaseId);
    if (outcome.refund === 'already failed') return outcome.purchase;
    return (await repo.markFailed(purchaseId, 'The item is no longer for sale', reference)) ?? (await repo.find(purchaseId))!;
  }

  /**
   * A charge the provider collected ends settled or refunded, never pending: settling is tried
   * twice (a deadlock or a lost connection may pass), and when it still fails the money goes back
   * and the purchase fails with the provider's reference. If even that fails (the database is
   * gone), the purchase stays pending and recovery resolves it with the provider.
   */
  async function settleOrRefund(purchaseId: string, reference: string, amountMinor: number): Promise<PurchaseRow> {
    let error: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await settle(purchaseId, reference);
      } catch (err) {
        if (err instanceof NotFound) throw err;
        error = err;
      }
    }
    log.error({ err: error, purchaseId }, 'a charged purchase could not settle; refunding it');
    await provider.refund(reference, amountMinor, purchaseId);
    const failed = await repo.markFailed(purchaseId, NOT_COMPLETED, reference);
    // Not pending any more: someone else (a webhook, recovery) resolved it meanwhile.
    return failed ?? (await repo.find(purchaseId))!;
  }

  /**
   * Resolves the purchases left pending longer than `olderThanMs` (a crash between the charge and
   * settling, a settle that failed) by asking the provider what happened under each purchase id:
   * collected → settled (or refunded when it cannot settle); refunded or refused → failed;
   * never charged → failed; still waiting for the buyer (hosted checkout) → left pending.
   */
  async function recoverPending(olderThanMs = RECOVER_AFTER_MS): Promise<{ settled: number; failed: number; waiting: number }> {
    const counts = { settled: 0, failed: 0, waiting: 0 };
    // One batch a run; what is left (or still waiting) is asked again on the next run.
    for (const p of await repo.stalePending(provider.name, olderThanMs, 500)) {
      try {
        const state = await provider.lookup(p.id);
        let row: PurchaseRow | undefined;
        if (state.status === 'settled') row = await settleOrRefund(p.id, state.reference, p.amount_minor);
        else if (state.status === 'refunded') row = await repo.markFailed(p.id, NOT_COMPLETED, state.reference);
        else if (state.status === 'failed') row = await repo.markFailed(p.id, state.reason);
        else if (state.status === 'unknown')
          row = await repo.markFailed(p.id, 'The payment was interrupted; nothing was charged');
        if (row?.status === 'settled') counts.settled += 1;
        else if (row?.status === 'failed') counts.failed += 1;
        else counts.waiting += 1;
      } catch (err) {
        log.error({ err, purchaseId: p.id }, 'pending purchase not recovered; trying again later');
        counts.waiting += 1;
      }
    }
    return counts;
  }

  async function buy(viewer: Viewer, offer: Offer, idempotencyKey: string | undefined): Promise<BuyResult> {
    const id = newId();
    const key = idempotencyKey ?? id;
    if (!(await repo.insertPending({ ...offer, id, buyerId: viewer._id, idempotencyKey: key, provider: provider.name }))) {
      throw await conflict(viewer, key, offer);
    }
    let charged;
    try {
      charged = await provider.charge({
        purchaseId: id,
        buyerId: viewer._id,
        amountMinor: offer.amountMinor,
        description: offer.title,
        returnPath: offer.returnPath,
        ...(offer.membershipId ? { membershipId: offer.membershipId } : {}),
      });
    } catch (err) {
      // Whether it charged is unknown: the purchase stays pending and recovery asks the provider.
      log.error({ err, purchaseId: id }, 'payment provider failed');
      throw new PaymentFailed('Payment failed: The payment provider could not be reached');
    }
    if (charged.status === 'failed') {
      await repo.markFailed(id, charged.reason);
      throw new PaymentFailed(`Payment failed: ${charged.reason}`);
    }
    if (charged.status === 'pending') {
      await repo.setProviderRef(id, charged.reference);
      return { pending: true, checkout: { purchase: { _id: id, state: 'pending' }, checkoutUrl: charged.redirectUrl } };
    }
    const settled = await settleOrRefund(id, charged.reference, offer.amountMinor);
    if (settled.status === 'settled') return { record: toRecord(settled), pending: false };
    if (settled.failure_reason === NOT_COMPLETED) throw new PaymentFailed(`Payment failed: ${NOT_COMPLETED}`);
    throw new NotFound(settled.failure_reason ?? 'The item is no longer for sale');
  }

  /** What one event does to its purchase (docs/paid-content.md, "Webhooks"); repeating it changes nothing. */
  /** Payout events are the payouts service's (it registers itself: it is built after this one). */
  let payoutEvents: ((e: PayoutEvent) => Promise<EventOutcome>) | null = null;

  async function apply(e: ProviderEvent): Promise<EventOutcome> {
    if ('payoutId' in e) return payoutEvents ? payoutEvents(e) : 'wait';
    if (!('purchaseId' in e)) return applyToMembership(e);
    const p = await repo.find(e.purchaseId);
    // Not one of ours (another installation's, or made up): nothing to do, and nothing to wait for.
    if (!p || p.provider !== provider.name) return 'moot';
    switch (e.type) {
      case 'payment.settled': {
        if (p.status !== 'pending' && p.status !== 'failed') return 'moot';
        const row =
          p.status === 'failed' ? await settle(p.id, e.reference) : await settleOrRefund(p.id, e.reference, p.amount_minor);
        if (e.subscription && p.membership_id) await repo.setMembershipRef(p.membership_id, e.subscription);
        return row.status === 'settled' || p.status === 'failed' || row.status === 'failed' ? 'applied' : 'moot';
      }
      case 'payment.failed':
      case 'payment.expired': {
        const reason = e.type === 'payment.failed' ? e.reason || 'Payment failed' : 'The checkout expired before it was paid';
        return (await repo.markFailed(p.id, reason)) ? 'applied' : 'moot';
      }
      case 'dispute.opened':
        return inTransaction(async ({ purchases, journal }) => {
          const locked = (await purchases.lock(p.id))!;
          if (locked.status === 'pending') return 'wait';
          if (locked.status !== 'settled' || (await purchases.dispute(p.id))) return 'moot';
          await purchases.moveStatus(p.id, 'settled', 'disputed');
          await purchases.openDispute(p.id, e.reference);
          await journal.recordDispute(p.id);
          return 'applied';
        });
      case 'dispute.won':
      case 'dispute.lost':
        return inTransaction(async ({ purchases, journal }) => {
          const locked = (await purchases.lock(p.id))!;
          const dispute = await purchases.dispute(p.id);
          if (!dispute) return locked.status === 'pending' || locked.status === 'settled' ? 'wait' : 'moot';
          if (dispute.outcome !== null || locked.status !== 'disputed') return 'moot';
          await purchases.closeDispute(p.id, e.type === 'dispute.won' ? 'won' : 'lost');
          if (e.type === 'dispute.won') {
            await purchases.moveStatus(p.id, 'disputed', 'settled');
            await journal.recordDisputeWon(p.id);
          }
          return 'applied';
        });
    }
  }

  /**
   * A membership's renewal (a new settled purchase of one month, booked as any sale), a failed
   * renewal (it grants nothing from now on) or its end at the provider. A renewal is one purchase
   * per provider invoice (the idempotency key `renewal-<invoice>`), however often it is told.
   */
  async function applyToMembership(e: Extract<ProviderEvent, { membershipId: string }>): Promise<EventOutcome> {
    const m = await repo.membership(e.membershipId);
    if (!m || m.provider !== provider.name) return 'moot';
    if (m.state === 'pending') return 'wait';
    if (e.type === 'subscription.failed' || e.type === 'subscription.cancelled') {
      return (await repo.endMembership(m.id, e.type === 'subscription.failed' ? 'failed' : 'ended')) ? 'applied' : 'moot';
    }
    if (m.state !== 'active' && m.state !== 'cancelled') return 'moot';
    const id = newId();
    const inserted = await repo.insertPending({
      id,
      buyerId: m.member_id,
      kind: 'membership',
      membershipId: m.id,
      sellerId: m.channel_id,
      title: 'Channel membership (renewal)',
      amountMinor: m.price_minor,
      idempotencyKey: `renewal-${e.reference}`,
      provider: provider.name,
    });
    if (!inserted) return 'moot';
    await settleOrRefund(id, e.reference, m.price_minor);
    return 'applied';
  }

  /**
   * A provider that bills memberships itself without webhooks (the `test` provider settling at
   * once): every active membership whose period ends within the hour is renewed, once per period
   * (its renewal's key names the period's end). Cancelled ones run out; nothing renews them.
   */
  async function renewDueMemberships(): Promise<number> {
    if (!('renewsMemberships' in provider) || provider.renewsMemberships !== true) return 0;
    const due = await db
      .selectFrom('memberships')
      .select(['id', 'current_period_end'])
      .where('provider', '=', provider.name)
      .where('state', '=', 'active')
      .where('current_period_end', '<', sql<Date>`now() + interval '1 hour'`)
      .orderBy('current_period_end')
      .limit(500)
      .execute();
    let renewed = 0;
    for (const m of due) {
      const period = m.current_period_end!.getTime();
      const outcome = await applyToMembership({
        id: `renewal-${m.id}-${period}`,
        type: 'subscription.renewed',
        membershipId: m.id,
        reference: `test_renewal_${m.id}_${period}`,
      });
      if (outcome === 'applied') renewed += 1;
    }
    return renewed;
  }

  /**
   * The first month of a membership (the memberships service made it `pending`): charged as a
   * purchase of kind `membership`, settled at once or through the provider's checkout; settling
   * makes the membership active for a month.
   */
  async function buyMembership(viewer: Viewer, membership: { id: string; channelId: string; priceMinor: number }) {
    return buy(
      viewer,
      {
        kind: 'membership',
        membershipId: membership.id,
        sellerId: membership.channelId,
        title: 'Channel membership',
        amountMinor: membership.priceMinor,
        returnPath: `/channel/${membership.channelId}`,
      },
      undefined,
    );
  }

  /**
   * A provider's signed webhook (`POST /api/payments/webhook/<provider>`): verified by the
   * provider, kept once by its event id, then applied with every event of the same purchase that
   * was waiting for it, until none can move (an event may arrive before the one it follows).
   */
  async function webhook(providerName: string, headers: WebhookHeaders, body: Buffer): Promise<void> {
    if (providerName !== provider.name) throw new NotFound('Unknown payment provider');
    const event = await provider.readWebhook(headers, body);
    if (!event) throw new BadInput('Invalid webhook');
    if (event.type === 'ignored') return;
    await repo.recordEvent(provider.name, { id: event.id, type: event.type, purchaseId: subjectOf(event) }, event);
    // A membership's first month settling may let its waiting renewals apply too.
    const subjects = [subjectOf(event)];
    if ('purchaseId' in event) {
      const membershipId = (await repo.find(event.purchaseId))?.membership_id;
      if (membershipId) subjects.push(membershipId);
    }
    for (let progress = true; progress;) {
      progress = false;
      for (const subject of subjects) {
        const waiting = (await repo.waitingEvents(provider.name, subject))
          .map((w) => ({ id: w.event_id, event: w.payload as ProviderEvent }))
          .sort((a, b) => EVENT_ORDER[a.event.type] - EVENT_ORDER[b.event.type]);
        for (const w of waiting) {
          const outcome = await apply(w.event);
          if (outcome === 'wait') continue;
          await repo.markEventApplied(provider.name, w.id, outcome);
          progress = true;
        }
      }
    }
  }

  /**
   * An administrator refunds a settled purchase (API.md §20): refunded with its reversing journal
   * entry in one transaction, once (409 afterwards), and `purchase.refunded` asks the provider to
   * give the money back after commit, with the purchase id as idempotency key, retried until it
   * answers (return-money-of-refunded-purchase).
   */
  async function refundByAdmin(viewer: Viewer | null, purchaseId: string): Promise<PurchaseRecord> {
    const staff: Pick<AccessService, 'assertStaff'> = access;
    staff.assertStaff(viewer, 'admin');
    const refunded = await inTransaction(async ({ q, purchases, journal }) => {
      const p = await purchases.lock(purchaseId);
      if (!p) throw new NotFound('Purchase not found');
      if (p.status === 'refunded') throw new Conflict('This purchase is already refunded');
      if (p.status !== 'settled') throw new Conflict(`A ${p.status} purchase cannot be refunded`);
      const row = await purchases.markOneRefunded(p.id, 'Refunded by an administrator');
      await journal.recordRefund(p.id);
      // A membership's month: refunding the month its period stands on ends the membership now
      // (an older month, already used, leaves it as it is; docs/paid-content.md, "Memberships").
      const endsMembership = p.membership_id !== null && (await purchases.isLatestMonth(p.membership_id, p.id));
      if (endsMembership) await purchases.endMembershipNow(p.membership_id!);
      await events.publish(q, 'purchase.refunded', { purchaseId: p.id });
      await audit?.on(q).record({
        actorId: viewer!._id,
        action: 'purchase.refund',
        targetType: 'purchase',
        targetId: p.id,
        change: `${p.status} → refunded${endsMembership ? ', membership ended' : ''}`,
      });
      return row!;
    });
    return toRecord(refunded);
  }

  /** The parts that take part in a caller's transaction (a takedown, a creator's delete). */
  function on(q: Db) {
    const purchases = createPurchasesRepo(q);
    const journal = ledger.on(q);
    return {
      /**
       * Refunds every buyer of the item in full, once (docs/moderation.md, "Refunds"): each
       * settled purchase becomes refunded with a journal entry reversing its sale, so the
       * creator's earnings and the platform's fee go back; the access rule then ignores its
       * entitlement. Each refund is announced (`purchase.refunded`) in the same transaction: the
       * durable subscriber `return-money-of-refunded-purchase` asks the provider to give the money
       * back once it committed, retried until the provider answers (docs/paid-content.md).
       */
      async refundBuyers(item: { videoId: string } | { playlistId: string }, reason: string): Promise<Refund[]> {
        const refunded = await purchases.markRefunded(item, reason);
        for (const p of refunded) {
          await journal.recordRefund(p.id);
          await events.publish(q, 'purchase.refunded', { purchaseId: p.id });
        }
        return refunded.map((p) => ({ purchaseId: p.id, reference: p.provider_ref, amountMinor: p.amount_minor }));
      },
    };
  }

  /**
   * The money of a refunded purchase goes back through the provider, once: the durable subscriber
   * of `purchase.refunded` calls this after the refund committed (at least once; a crash between
   * the commit and the provider's answer asks again after the restart). The provider dedupes by
   * the purchase id; `money_returned_at` makes a later delivery ask nothing. False when the
   * provider could not be asked (the caller retries later).
   */
  async function returnMoney(purchaseId: string): Promise<'returned' | 'nothing to return'> {
    const p = await repo.moneyToReturn(purchaseId);
    if (!p || p.status !== 'refunded' || p.money_returned_at || p.provider_ref === null) return 'nothing to return';
    // A membership ended by this refund bills nothing more: its subscription ends at the provider
    // first (idempotent; asked again with the refund until both are done).
    if (p.membership_id && provider.endSubscription && (await repo.isLatestMonth(p.membership_id, p.id))) {
      const m = await repo.membership(p.membership_id);
      if (m?.provider_ref && (m.state === 'ended' || m.state === 'failed')) await provider.endSubscription(m.provider_ref);
    }
    await provider.refund(p.provider_ref, p.amount_minor, p.id);
    await repo.markMoneyReturned(p.id);
    return 'returned';
  }

  const held = (status: string): 'settled' | 'refunded' | 'disputed' =>
    status === 'refunded' ? 'refunded' : status === 'disputed' ? 'disputed' : 'settled';
  const refundFields = (p: { status: string; refunded_at: Date | null; refund_reason: string | null }) => ({
    status: held(p.status),
    state: held(p.status),
    refunded: p.status === 'refunded',
    refundedAt: p.refunded_at?.toISOString() ?? null,
    refundReason: p.refund_reason,
  });

  return {
    on,
    returnMoney,
    recoverPending,
    /** The payment provider purchases are charged with (recovery and `ledger:check` ask it). */
    provider,
    buyVideo: async (viewer: Viewer, videoId: string, key?: string) => buy(viewer, await videoOffer(viewer, videoId), key),
    buyPlaylist: async (viewer: Viewer, playlistId: string, key?: string) =>
      buy(viewer, await playlistOffer(viewer, playlistId), key),
    /** +5 upload slots for 20, each time its own purchase (a repeated Idempotency-Key is not). */
    buyUploads: (viewer: Viewer, key?: string) => buy(viewer, uploadsOffer(), key),

    webhook,
    refundByAdmin,
    buyMembership,
    renewDueMemberships,
    handlePayoutEvents(fn: (e: PayoutEvent) => Promise<EventOutcome>) {
      payoutEvents = fn;
    },

    /** The buy page: the video without file URLs, and whether the caller may already watch it. */
    async info(videoId: string, viewer: Viewer | null): Promise<PurchaseInfo> {
      const hasAccess = await access.assertVisible(videoId, viewer);
      const v = await repo.video(videoId);
      if (!v) throw new NotFound('Video not found');
      return {
        hasAccess,
        video: {
          _id: v.id,
          title: v.title,
          description: v.description,
          thumbnail: v.thumbnail,
          duration: v.duration,
          views: v.views,
          createdAt: v.created_at.toISOString(),
          isExclusive: v.is_exclusive,
          membersOnly: v.members_only,
          price: toAmount(v.price_minor),
          owner: toOwner(v),
        },
      };
    },

    /**
     * The buyer's history: bought videos, then the exclusive videos their bought playlists grant
     * (with the playlist; amount 0, the money is on the playlist), bought playlists, upload slots.
     */
    async history(viewer: Viewer): Promise<PurchaseHistory> {
      const [videos, playlists, uploads, grants] = await Promise.all([
        repo.settledVideos(viewer._id),
        repo.settledPlaylists(viewer._id),
        repo.settledUploads(viewer._id),
        access.playlistGrants(viewer),
      ]);
      const bought = new Set(videos.filter((v) => v.status === 'settled').map((v) => v.video_id));
      const granted = grants.filter((g) => !bought.has(g.video_id));
      const refs = new Map((await repo.videoRefs([...new Set(granted.map((g) => g.video_id))])).map((r) => [r.id, r]));
      const playlistById = new Map(playlists.map((p) => [p.playlist_id, p]));
      const playlistRef = (p: (typeof playlists)[number]) => ({
        _id: p.playlist_id!,
        name: p.playlist_name ?? p.title,
        owner: toOwner(p),
      });
      const seen = new Set<string>();
      return {
        purchasedVideos: [
          ...videos.map((v) => ({
            _id: v.id,
            videoId: {
              _id: v.video_id!,
              title: v.video_title ?? v.title,
              thumbnail: v.video_thumbnail ?? '',
              duration: v.video_duration ?? 0,
              views: v.video_views ?? 0,
              owner: toOwner(v),
            },
            amount: toAmount(v.amount_minor),
            purchasedAt: v.settled_at!.toISOString(),
            ...refundFields(v),
          })),
          ...granted.flatMap((g) => {
            const ref = refs.get(g.video_id);
            const playlist = playlistById.get(g.playlist_id);
            // One entry per video, even when two bought playlists hold it.
            if (!ref || !playlist || seen.has(g.video_id)) return [];
            seen.add(g.video_id);
            return [
              {
                _id: `${g.purchase_id}:${g.video_id}`,
                videoId: {
                  _id: ref.id,
                  title: ref.title,
                  thumbnail: ref.thumbnail,
                  duration: ref.duration,
                  views: ref.views,
                  owner: toOwner(ref),
                },
                amount: 0,
                purchasedAt: playlist.settled_at!.toISOString(),
                playlistId: playlistRef(playlist),
              },
            ];
          }),
        ],
        purchasedPlaylists: playlists.map((p) => ({
          _id: p.id,
          playlistId: playlistRef(p),
          amount: toAmount(p.amount_minor),
          purchasedAt: p.settled_at!.toISOString(),
          ...refundFields(p),
        })),
        purchasedUploads: uploads.map((u) => ({
          _id: u.id,
          uploadCount: u.upload_slots!,
          amount: toAmount(u.amount_minor),
          purchasedAt: u.settled_at!.toISOString(),
        })),
      };
    },

    earnings: (viewer: Viewer) => ledger.earnings(viewer),
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
