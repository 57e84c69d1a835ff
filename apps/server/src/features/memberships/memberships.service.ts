import { sql } from 'kysely';
import {
  toAmount,
  toMinorUnits,
  type Membership,
  type MembershipCheckout,
  type MembershipOffer,
  type MembershipOfferInput,
} from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { AppError, BadInput, Conflict, NotFound, PaymentFailed } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { PurchasesService } from '../purchases/purchases.service.ts';
import type { PaymentProvider } from '../purchases/payment-provider.ts';

interface Deps {
  db: Db;
  purchases: Pick<PurchasesService, 'buyMembership'>;
  provider: Pick<PaymentProvider, 'name' | 'cancelAtPeriodEnd'>;
}

const LIVE = ['pending', 'active', 'cancelled'] as const;

/**
 * Channel memberships (API.md §20, docs/paid-content.md "Memberships"): one monthly offer per
 * channel; a member's first month is a checkout like a purchase's, later months arrive by the
 * provider's webhook (purchases.service `applyToMembership`); the access rule lets an active
 * member watch the channel's members-only videos (access.sql.ts `activeMember`).
 */
export function createMembershipsService({ db, purchases, provider }: Deps) {
  const membershipRows = () =>
    db
      .selectFrom('memberships as m')
      .innerJoin('users as c', 'c.id', 'm.channel_id')
      .innerJoin('users as u', 'u.id', 'm.member_id')
      .select([
        'm.id',
        'm.state',
        'm.price_minor',
        'm.current_period_end',
        'm.created_at',
        'c.id as c_id',
        'c.fullname as c_fullname',
        'c.username as c_username',
        'c.avatar as c_avatar',
        'u.id as u_id',
        'u.fullname as u_fullname',
        'u.username as u_username',
        'u.avatar as u_avatar',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof membershipRows>['executeTakeFirstOrThrow']>>;
  const toMembership = (r: Row): Membership => {
    // A paid period that ran out (no renewal came) has ended, whatever the row still says.
    const lapsed =
      (r.state === 'active' || r.state === 'cancelled') && (!r.current_period_end || r.current_period_end <= new Date());
    return {
      _id: r.id,
      channel: { _id: r.c_id, fullname: r.c_fullname, username: r.c_username, avatar: r.c_avatar },
      member: { _id: r.u_id, fullname: r.u_fullname, username: r.u_username, avatar: r.u_avatar },
      state: lapsed ? 'ended' : r.state,
      price: toAmount(r.price_minor),
      currentPeriodEnd: r.current_period_end?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
    };
  };
  const one = async (id: string) => toMembership(await membershipRows().where('m.id', '=', id).executeTakeFirstOrThrow());

  async function offerOf(channelId: string): Promise<MembershipOffer | null> {
    const o = await db.selectFrom('membership_offers').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    return o
      ? { channelId: o.channel_id, price: toAmount(o.price_minor), perks: o.perks, updatedAt: o.updated_at.toISOString() }
      : null;
  }

  /** The viewer's live membership of the channel, its lapsed or abandoned states settled first. */
  async function liveMembership(memberId: string, channelId: string) {
    const m = await db
      .selectFrom('memberships')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('channel_id', '=', channelId)
      .where('state', 'in', LIVE)
      .executeTakeFirst();
    if (!m) return undefined;
    if (m.state === 'pending') {
      // A first month whose checkout failed or expired leaves the membership nothing to wait for.
      const paying = await db
        .selectFrom('purchases')
        .select('id')
        .where('membership_id', '=', m.id)
        .where('status', 'in', ['pending', 'settled'])
        .executeTakeFirst();
      if (!paying) {
        await db
          .updateTable('memberships')
          .set({ state: 'failed', updated_at: sql<Date>`now()` })
          .where('id', '=', m.id)
          .where('state', '=', 'pending')
          .execute();
        return undefined;
      }
    } else if (!m.current_period_end || m.current_period_end <= new Date()) {
      await db
        .updateTable('memberships')
        .set({ state: 'ended', updated_at: sql<Date>`now()` })
        .where('id', '=', m.id)
        .where('state', '=', m.state)
        .execute();
      return undefined;
    }
    return m;
  }

  /**
   * The provider's subscription follows a cancellation (or its undoing) first: a member who
   * cancelled is never billed again. Unreachable, nothing changes here (502, try again).
   */
  async function atProvider(subscription: string | null, cancel: boolean) {
    if (!subscription || !provider.cancelAtPeriodEnd) return;
    try {
      await provider.cancelAtPeriodEnd(subscription, cancel);
    } catch {
      throw new AppError(502, 'The payment provider could not be reached; try again');
    }
  }

  return {
    /** PUT /api/memberships/offer: the caller's channel offers (or re-prices) its monthly membership; members keep their price. */
    async setOffer(viewer: Viewer, input: MembershipOfferInput): Promise<MembershipOffer> {
      const priceMinor = toMinorUnits(input.price);
      await db
        .insertInto('membership_offers')
        .values({ channel_id: viewer._id, price_minor: priceMinor, perks: input.perks })
        .onConflict((oc) =>
          oc.column('channel_id').doUpdateSet({ price_minor: priceMinor, perks: input.perks, updated_at: sql<Date>`now()` }),
        )
        .execute();
      return (await offerOf(viewer._id))!;
    },

    /** GET /api/memberships/offer/:channelId: the offer (404 when none) and the caller's membership. */
    async channelOffer(channelId: string, viewer: Viewer | null) {
      const offer = await offerOf(channelId);
      if (!offer) throw new NotFound('This channel offers no membership');
      const live = viewer ? await liveMembership(viewer._id, channelId) : undefined;
      return { offer, membership: live ? await one(live.id) : null };
    },

    /**
     * POST /api/memberships/:channelId: joins (its first month charged as a purchase of kind
     * `membership`). Active at once with a provider that settles at once; otherwise pending, with
     * the checkout to send the member to. Rejoining a cancelled membership still running undoes
     * the cancellation.
     */
    async join(viewer: Viewer, channelId: string): Promise<{ membership: Membership } | { checkout: MembershipCheckout }> {
      const channel = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', channelId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!channel) throw new NotFound('Channel not found');
      if (channelId === viewer._id) throw new BadInput('You cannot join your own channel');
      const offer = await db.selectFrom('membership_offers').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
      if (!offer) throw new NotFound('This channel offers no membership');
      const live = await liveMembership(viewer._id, channelId);
      if (live?.state === 'pending') throw new Conflict('Membership checkout already in progress');
      if (live?.state === 'active') throw new Conflict('Already a member');
      if (live?.state === 'cancelled') {
        await atProvider(live.provider_ref, false);
        await db
          .updateTable('memberships')
          .set({ state: 'active', updated_at: sql<Date>`now()` })
          .where('id', '=', live.id)
          .where('state', '=', 'cancelled')
          .execute();
        return { membership: await one(live.id) };
      }
      const id = newId();
      const inserted = await db
        .insertInto('memberships')
        .values({
          id,
          channel_id: channelId,
          member_id: viewer._id,
          price_minor: offer.price_minor,
          provider: provider.name,
          current_period_end: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      // A concurrent click inserted it first.
      if (!inserted) throw new Conflict('Membership checkout already in progress');
      try {
        const result = await purchases.buyMembership(viewer, { id, channelId, priceMinor: offer.price_minor });
        if (result.pending) {
          return {
            checkout: {
              membership: { _id: id, state: 'pending' },
              purchase: result.checkout.purchase,
              checkoutUrl: result.checkout.checkoutUrl,
            },
          };
        }
        return { membership: await one(id) };
      } catch (err) {
        if (err instanceof PaymentFailed) {
          await db
            .updateTable('memberships')
            .set({ state: 'failed', updated_at: sql<Date>`now()` })
            .where('id', '=', id)
            .where('state', '=', 'pending')
            .execute();
        }
        throw err;
      }
    },

    /** DELETE /api/memberships/:channelId: cancelled at the period's end (it grants until then); 404 when not a member. */
    async cancel(viewer: Viewer, channelId: string): Promise<Membership> {
      const live = await liveMembership(viewer._id, channelId);
      if (!live || live.state === 'pending') throw new NotFound('You are not a member of this channel');
      await atProvider(live.provider_ref, true);
      await db
        .updateTable('memberships')
        .set({ state: 'cancelled', updated_at: sql<Date>`now()` })
        .where('id', '=', live.id)
        .where('state', 'in', ['active', 'cancelled'])
        .execute();
      return one(live.id);
    },

    /** GET /api/memberships/mine: the caller's memberships that were ever paid, newest first. */
    async mine(viewer: Viewer): Promise<Membership[]> {
      const rows = await membershipRows()
        .where('m.member_id', '=', viewer._id)
        .where('m.state', '<>', 'pending')
        .where('m.current_period_end', 'is not', null)
        .orderBy('m.created_at', 'desc')
        .limit(500)
        .execute();
      return rows.map(toMembership);
    },

    /** GET /api/memberships/members: the caller's channel's members (active or cancelled and still running), newest first. */
    async members(viewer: Viewer): Promise<Membership[]> {
      const rows = await membershipRows()
        .where('m.channel_id', '=', viewer._id)
        .where('m.state', 'in', ['active', 'cancelled'])
        .where('m.current_period_end', '>', sql<Date>`now()`)
        .orderBy('m.created_at', 'desc')
        .limit(1000)
        .execute();
      return rows.map(toMembership);
    },
  };
}
export type MembershipsService = ReturnType<typeof createMembershipsService>;
