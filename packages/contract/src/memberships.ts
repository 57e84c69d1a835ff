import { z } from 'zod';
import { Owner } from './common.ts';
import { priceField } from './money.ts';
import { multiLineText } from './text.ts';

/** PUT /api/memberships/offer (API.md §20): a channel's one monthly offer; price ≥ 1 (currency units). */
export const MembershipOfferInput = z.object({
  price: priceField().refine((p) => p >= 1, 'Price must be at least 1'),
  perks: multiLineText().trim().max(2000, 'Perks are too long').default(''),
});
export type MembershipOfferInput = z.infer<typeof MembershipOfferInput>;

export const MembershipOffer = z.object({
  channelId: z.string(),
  price: z.number(),
  perks: z.string(),
  updatedAt: z.string(),
});
export type MembershipOffer = z.infer<typeof MembershipOffer>;

/** GET /api/memberships/offer/:channelId: the offer, and the caller's membership of the channel (null: none). */
export const ChannelMembership = z.object({
  offer: MembershipOffer,
  membership: z.lazy(() => Membership).nullable(),
});
export type ChannelMembership = { offer: MembershipOffer; membership: Membership | null };

export const MembershipState = z.enum(['pending', 'active', 'cancelled', 'failed', 'ended']);

/**
 * A membership. `active` renews every month; `cancelled` still grants until `currentPeriodEnd`
 * (cancelled at the period's end); `failed` (a renewal could not be collected) and `ended` grant nothing.
 */
export const Membership = z.object({
  _id: z.string(),
  channel: Owner,
  member: Owner,
  state: MembershipState,
  price: z.number(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type Membership = z.infer<typeof Membership>;

/** POST /api/memberships/:channelId with a provider that settles later: the checkout, as for a purchase. */
export const MembershipCheckout = z.object({
  membership: z.object({ _id: z.string(), state: z.literal('pending') }),
  purchase: z.object({ _id: z.string(), state: z.literal('pending') }),
  checkoutUrl: z.string(),
});
export type MembershipCheckout = z.infer<typeof MembershipCheckout>;

/** GET /api/payouts (API.md §20): what the platform owes the creator now, and their payouts. */
export const PayoutsOverview = z.object({
  balance: z.number(),
  currency: z.string(),
  /** Whether the creator connected an account (POST /api/payouts/onboarding). */
  connected: z.boolean(),
  payouts: z.array(
    z.object({ _id: z.string(), amount: z.number(), state: z.enum(['pending', 'paid', 'failed']), createdAt: z.string() }),
  ),
});
export type PayoutsOverview = z.infer<typeof PayoutsOverview>;
