import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PurchaseKind } from '../../db/schema.ts';
import { selectCards } from '../access/video-card.ts';
import { listed } from '../access/access.sql.ts';

export interface NewPurchase {
  id: string;
  buyerId: string;
  kind: PurchaseKind;
  videoId?: string;
  playlistId?: string;
  uploadSlots?: number;
  membershipId?: string;
  sellerId: string | null;
  title: string;
  amountMinor: number;
  idempotencyKey: string;
  provider: string;
}

const PURCHASE_COLUMNS = [
  'id',
  'buyer_id',
  'kind',
  'video_id',
  'playlist_id',
  'upload_slots',
  'seller_id',
  'title',
  'amount_minor',
  'provider',
  'provider_ref',
  'status',
  'failure_reason',
  'created_at',
  'settled_at',
  'membership_id',
] as const;

/** A joined user's columns as an `Owner`'s parts. */
const ownerColumns = <A extends 'owner' | 'seller'>(a: A) =>
  [
    `${a}.id as owner_id`,
    `${a}.fullname as owner_fullname`,
    `${a}.username as owner_username`,
    `${a}.avatar as owner_avatar`,
  ] as [
    `${A}.id as owner_id`,
    `${A}.fullname as owner_fullname`,
    `${A}.username as owner_username`,
    `${A}.avatar as owner_avatar`,
  ];

export function createPurchasesRepo(db: Db) {
  return {
    /** A video as a buy page or a purchase needs it: a video card's columns. */
    async video(videoId: string) {
      return selectCards(db).where('videos.id', '=', videoId).executeTakeFirst();
    },

    async playlist(playlistId: string) {
      return (
        db
          .selectFrom('playlists')
          .select(['id', 'owner_id', 'name', 'is_exclusive', 'price_minor'])
          .where('id', '=', playlistId)
          // A playlist taken down is not for sale (nor found).
          .where('removed_reason', 'is', null)
          .executeTakeFirst()
      );
    },

    /** Inserts a pending purchase; false when a unique rule refused it (same key, or a live purchase of the item). */
    async insertPending(p: NewPurchase): Promise<boolean> {
      const row = await db
        .insertInto('purchases')
        .values({
          id: p.id,
          buyer_id: p.buyerId,
          kind: p.kind,
          video_id: p.videoId ?? null,
          playlist_id: p.playlistId ?? null,
          upload_slots: p.uploadSlots ?? null,
          membership_id: p.membershipId ?? null,
          seller_id: p.sellerId,
          title: p.title,
          amount_minor: p.amountMinor,
          idempotency_key: p.idempotencyKey,
          provider: p.provider,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    async findByKey(buyerId: string, idempotencyKey: string) {
      return db
        .selectFrom('purchases')
        .select(PURCHASE_COLUMNS)
        .where('buyer_id', '=', buyerId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** The buyer's pending or settled purchase of a video or playlist, if any. */
    async findLive(buyerId: string, item: { videoId?: string; playlistId?: string }) {
      let q = db.selectFrom('purchases').select(PURCHASE_COLUMNS).where('buyer_id', '=', buyerId).where('status', '<>', 'failed');
      q = item.videoId ? q.where('video_id', '=', item.videoId) : q.where('playlist_id', '=', item.playlistId ?? null);
      return q.executeTakeFirst();
    },

    /** The purchase as it is now. */
    async find(id: string) {
      return db.selectFrom('purchases').select(PURCHASE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Purchases of this provider still pending after `olderThanMs`, oldest first (recovery asks the provider about them). */
    async stalePending(provider: string, olderThanMs: number, limit: number) {
      return db
        .selectFrom('purchases')
        .select(['id', 'amount_minor'])
        .where('status', '=', 'pending')
        .where('provider', '=', provider)
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /** The purchase, locked until the transaction ends (settling runs once, however many webhooks arrive). */
    async lock(id: string) {
      return db.selectFrom('purchases').select(PURCHASE_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * Whether the item bought still exists and is not removed, locking it (share) until the
     * transaction ends, so a playlist's deletion or a takedown waits for a purchase settling now
     * and then sees its buyer.
     */
    async lockItem(item: { kind: PurchaseKind; video_id: string | null; playlist_id: string | null }): Promise<boolean> {
      if (item.kind === 'uploads' || item.kind === 'membership') return true;
      // FOR SHARE, not KEY SHARE: a takedown (an UPDATE) waits for this purchase to settle and
      // then refunds it, or this waits for the takedown and sees the item gone.
      const row =
        item.kind === 'video'
          ? await db
              .selectFrom('videos')
              .select('id')
              .where('id', '=', item.video_id!)
              .where('status', '<>', 'removed')
              .forShare()
              .executeTakeFirst()
          : await db
              .selectFrom('playlists')
              .select('id')
              .where('id', '=', item.playlist_id!)
              .where('removed_reason', 'is', null)
              .forShare()
              .executeTakeFirst();
      return Boolean(row);
    },

    async setProviderRef(id: string, reference: string) {
      await db
        .updateTable('purchases')
        .set({ provider_ref: reference })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async markSettled(id: string, reference: string) {
      return db
        .updateTable('purchases')
        .set({ status: 'settled', settled_at: sql<Date>`now()`, provider_ref: reference })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(PURCHASE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** What a refunded purchase's money return needs (the subscriber of `purchase.refunded`). */
    async moneyToReturn(id: string) {
      return db
        .selectFrom('purchases as p')
        .leftJoin('purchase_money_returns as r', 'r.purchase_id', 'p.id')
        .select(['p.id', 'p.status', 'p.provider_ref', 'p.amount_minor', 'p.membership_id', 'r.returned_at as money_returned_at'])
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    async markMoneyReturned(id: string): Promise<void> {
      await db
        .insertInto('purchase_money_returns')
        .values({ purchase_id: id })
        .onConflict((oc) => oc.column('purchase_id').doNothing())
        .execute();
    },

    /**
     * settled → refunded for every settled purchase of the item, once: a purchase already
     * refunded (or refunded by a concurrent call, whose commit this UPDATE waits for) is not
     * found again. Returns what was refunded, for the journal and the provider.
     */
    async markRefunded(item: { videoId: string } | { playlistId: string }, reason: string) {
      let q = db
        .updateTable('purchases')
        .set({ status: 'refunded', refunded_at: sql<Date>`now()`, refund_reason: reason })
        .where('status', '=', 'settled');
      q =
        'videoId' in item
          ? q.where('kind', '=', 'video').where('video_id', '=', item.videoId)
          : q.where('kind', '=', 'playlist').where('playlist_id', '=', item.playlistId);
      return q.returning(['id', 'buyer_id', 'amount_minor', 'provider_ref']).execute();
    },

    /**
     * A membership's period paid (its first, or a renewal): pending → active, and the period runs
     * one month further from its end (or from now, when it had ended).
     */
    async extendMembership(membershipId: string) {
      await db
        .updateTable('memberships')
        .set({
          state: sql`CASE WHEN state = 'pending' THEN 'active' ELSE state END`,
          current_period_end: sql<Date>`greatest(coalesce(current_period_end, now()), now()) + interval '1 month'`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', membershipId)
        .where('state', 'in', ['pending', 'active', 'cancelled'])
        .execute();
    },

    /** The provider's subscription behind a membership (its first month told us), once. */
    async setMembershipRef(membershipId: string, reference: string) {
      await db
        .updateTable('memberships')
        .set({ provider_ref: reference })
        .where('id', '=', membershipId)
        .where('provider_ref', 'is', null)
        .execute();
    },

    async membership(membershipId: string) {
      return db.selectFrom('memberships').selectAll().where('id', '=', membershipId).executeTakeFirst();
    },

    /**
     * Whether this month of a membership is its latest one paid (no month of it settled later, kept
     * or since refunded or disputed): the month its current period stands on.
     */
    async isLatestMonth(membershipId: string, purchaseId: string): Promise<boolean> {
      const later = await db
        .selectFrom('purchases as p')
        .select('p.id')
        .where('p.membership_id', '=', membershipId)
        .where('p.id', '<>', purchaseId)
        .where('p.settled_at', 'is not', null)
        .where('p.settled_at', '>', sql<Date>`(SELECT settled_at FROM purchases WHERE id = ${purchaseId})`)
        .limit(1)
        .executeTakeFirst();
      return !later;
    },

    /** A membership whose paid month was refunded: it ends now (the access rule stops at once). */
    async endMembershipNow(membershipId: string) {
      return db
        .updateTable('memberships')
        .set({ state: 'ended', current_period_end: sql<Date>`least(current_period_end, now())`, updated_at: sql<Date>`now()` })
        .where('id', '=', membershipId)
        .where('state', 'in', ['active', 'cancelled'])
        .returning('id')
        .executeTakeFirst();
    },

    /** A membership's renewal failed or the provider ended it: it grants nothing from now on. */
    async endMembership(membershipId: string, state: 'failed' | 'ended') {
      return db
        .updateTable('memberships')
        .set({ state, updated_at: sql<Date>`now()` })
        .where('id', '=', membershipId)
        .where('state', 'in', ['active', 'cancelled'])
        .returning('id')
        .executeTakeFirst();
    },

    /** settled → refunded for one purchase (an administrator's refund); undefined when it was not settled. */
    async markOneRefunded(id: string, reason: string) {
      return db
        .updateTable('purchases')
        .set({ status: 'refunded', refunded_at: sql<Date>`now()`, refund_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'settled')
        .returning(PURCHASE_COLUMNS)
        .executeTakeFirst();
    },

    /** settled ⇄ disputed (a dispute opened, a dispute won). */
    async moveStatus(id: string, from: 'settled' | 'disputed', to: 'settled' | 'disputed') {
      return db
        .updateTable('purchases')
        .set({ status: to })
        .where('id', '=', id)
        .where('status', '=', from)
        .returning(PURCHASE_COLUMNS)
        .executeTakeFirst();
    },

    async dispute(purchaseId: string) {
      return db.selectFrom('purchase_disputes').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
    },

    async openDispute(purchaseId: string, reference: string) {
      await db
        .insertInto('purchase_disputes')
        .values({ purchase_id: purchaseId, reference, outcome: null, closed_at: null })
        .execute();
    },

    async closeDispute(purchaseId: string, outcome: 'won' | 'lost') {
      await db
        .updateTable('purchase_disputes')
        .set({ outcome, closed_at: sql<Date>`now()` })
        .where('purchase_id', '=', purchaseId)
        .where('outcome', 'is', null)
        .execute();
    },

    /** Keeps a webhook event once per provider and id; false when it was received before. */
    async recordEvent(provider: string, e: { id: string; type: string; purchaseId: string | null }, payload: unknown) {
      const row = await db
        .insertInto('payment_events')
        .values({
          provider,
          event_id: e.id,
          type: e.type,
          purchase_id: e.purchaseId,
          payload: JSON.stringify(payload),
          applied_at: null,
          outcome: null,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The purchase's events not applied yet (they wait for an earlier one), oldest first. */
    async waitingEvents(provider: string, purchaseId: string) {
      return db
        .selectFrom('payment_events')
        .select(['event_id', 'payload'])
        .where('provider', '=', provider)
        .where('purchase_id', '=', purchaseId)
        .where('applied_at', 'is', null)
        .orderBy('received_at')
        .execute();
    },

    async markEventApplied(provider: string, eventId: string, outcome: string) {
      await db
        .updateTable('payment_events')
        .set({ applied_at: sql<Date>`now()`, outcome })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .where('applied_at', 'is', null)
        .execute();
    },

    /**
     * Marks a pending purchase failed (with the provider's reference when it had charged and
     * refunded); undefined when it was no longer pending.
     */
    async markFailed(id: string, reason: string, reference?: string) {
      return db
        .updateTable('purchases')
        .set({
          status: 'failed',
          failed_at: sql<Date>`now()`,
          failure_reason: reason,
          ...(reference === undefined ? {} : { provider_ref: reference }),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(PURCHASE_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * The buyer's settled and refunded video purchases, newest first, with the video as it is
     * now; a deleted video keeps the title bought and its creator (`video_*` columns are then null).
     */
    async settledVideos(buyerId: string) {
      return db
        .selectFrom('purchases as p')
        .innerJoin('users as seller', 'seller.id', 'p.seller_id')
        .leftJoin('videos as v', 'v.id', 'p.video_id')
        .select([
          'p.id',
          'p.video_id',
          'p.title',
          'p.amount_minor',
          'p.settled_at',
          'p.status',
          'p.refunded_at',
          'p.refund_reason',
          'v.title as video_title',
          'v.thumbnail as video_thumbnail',
          'v.duration as video_duration',
          'v.views as video_views',
          ...ownerColumns('seller'),
        ])
        .where('p.buyer_id', '=', buyerId)
        .where('p.kind', '=', 'video')
        .where('p.status', 'in', ['settled', 'refunded', 'disputed'])
        .orderBy('p.settled_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
    },

    async settledPlaylists(buyerId: string) {
      return db
        .selectFrom('purchases as p')
        .innerJoin('users as seller', 'seller.id', 'p.seller_id')
        .leftJoin('playlists as pl', 'pl.id', 'p.playlist_id')
        .select([
          'p.id',
          'p.playlist_id',
          'p.title',
          'pl.name as playlist_name',
          'p.amount_minor',
          'p.settled_at',
          'p.status',
          'p.refunded_at',
          'p.refund_reason',
          ...ownerColumns('seller'),
        ])
        .where('p.buyer_id', '=', buyerId)
        .where('p.kind', '=', 'playlist')
        .where('p.status', 'in', ['settled', 'refunded', 'disputed'])
        .orderBy('p.settled_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
    },

    async settledUploads(buyerId: string) {
      return db
        .selectFrom('purchases')
        .select(['id', 'upload_slots', 'amount_minor', 'settled_at'])
        .where('buyer_id', '=', buyerId)
        .where('kind', '=', 'uploads')
        .where('status', '=', 'settled')
        .orderBy('settled_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Listed videos with their owners (cards), for the history's playlist videos. */
    async videoRefs(videoIds: string[]) {
      if (videoIds.length === 0) return [];
      return selectCards(db).where('videos.id', 'in', videoIds).where(listed()).execute();
    },
  };
}
export type PurchasesRepo = ReturnType<typeof createPurchasesRepo>;
export type PurchaseRow = NonNullable<Awaited<ReturnType<PurchasesRepo['lock']>>>;
