import { z } from 'zod';
import { Owner } from './common.ts';

/** GET /api/purchase/info/:videoId (API.md §11): never file URLs. */
export const PurchaseInfo = z.object({
  hasAccess: z.boolean(),
  video: z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    thumbnail: z.string(),
    duration: z.number(),
    views: z.number(),
    createdAt: z.string(),
    isExclusive: z.boolean(),
    /** Only active members of the owner's channel may watch it (API.md §20): the page offers the membership. */
    membersOnly: z.boolean().optional(),
    price: z.number(),
    owner: Owner,
  }),
});
export type PurchaseInfo = z.infer<typeof PurchaseInfo>;

export const PurchaseKind = z.enum(['video', 'playlist', 'uploads', 'membership']);
/** A purchase's state (API.md §20): `disputed` while the buyer's bank takes the money back (a lost dispute stays so). */
export const PurchaseStatus = z.enum(['pending', 'settled', 'failed', 'refunded', 'disputed']);

/**
 * The answer of a buy call: the purchase record. Amounts are currency units. A `pending` purchase
 * (a hosted-checkout provider) carries `redirectUrl`, where the buyer completes the payment.
 */
export const PurchaseRecord = z.object({
  _id: z.string(),
  kind: PurchaseKind,
  status: PurchaseStatus,
  /** The same as `status` (API.md §20 names it `state`). */
  state: PurchaseStatus,
  amount: z.number(),
  purchasedAt: z.string(),
  videoId: z.string().optional(),
  playlistId: z.string().optional(),
  uploadCount: z.number().optional(),
  redirectUrl: z.string().optional(),
});
export type PurchaseRecord = z.infer<typeof PurchaseRecord>;

/**
 * A buy call's answer with a provider that settles later (API.md §20): the pending purchase and
 * the provider's checkout page, which sends the buyer back to the item's page.
 */
export const PendingCheckout = z.object({
  purchase: z.object({ _id: z.string(), state: z.literal('pending') }),
  checkoutUrl: z.string(),
});
export type PendingCheckout = z.infer<typeof PendingCheckout>;

const PurchasedPlaylistRef = z.object({ _id: z.string(), name: z.string(), owner: Owner });

/**
 * A bought item's refund (docs/moderation.md, "Refunds"): a purchase of content that was taken
 * down, or deleted by its creator, is refunded in full and stays in the history marked so.
 */
const RefundFields = {
  status: z.enum(['settled', 'refunded', 'disputed']).optional(),
  state: z.enum(['settled', 'refunded', 'disputed']).optional(),
  refunded: z.boolean().optional(),
  refundedAt: z.string().nullable().optional(),
  refundReason: z.string().nullable().optional(),
};

/** GET /api/purchase/track: every array always present; "playlist videos" carry `playlistId`. */
export const PurchaseHistory = z.object({
  purchasedVideos: z.array(
    z.object({
      _id: z.string(),
      videoId: z.object({
        _id: z.string(),
        title: z.string(),
        thumbnail: z.string(),
        duration: z.number(),
        views: z.number(),
        owner: Owner,
      }),
      amount: z.number(),
      purchasedAt: z.string(),
      playlistId: PurchasedPlaylistRef.optional(),
      ...RefundFields,
    }),
  ),
  purchasedPlaylists: z.array(
    z.object({
      _id: z.string(),
      playlistId: PurchasedPlaylistRef,
      amount: z.number(),
      purchasedAt: z.string(),
      ...RefundFields,
    }),
  ),
  purchasedUploads: z.array(z.object({ _id: z.string(), uploadCount: z.number(), amount: z.number(), purchasedAt: z.string() })),
});
export type PurchaseHistory = z.infer<typeof PurchaseHistory>;

/**
 * The optional `Idempotency-Key` header of the buy calls: a client that retries a request sends
 * the same key, and the retry is never a second purchase. Visible ASCII, at most 200 characters.
 */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1 to 200 visible ASCII characters');

/** GET /api/purchase/earnings: what the signed-in creator earned (after the platform fee). */
export const Earnings = z.object({
  total: z.number(),
  last30Days: z.number(),
  sales: z.number(),
  items: z.array(
    z.object({
      kind: z.enum(['video', 'playlist']),
      _id: z.string(),
      title: z.string(),
      sales: z.number(),
      amount: z.number(),
      lastSaleAt: z.string(),
    }),
  ),
});
export type Earnings = z.infer<typeof Earnings>;
