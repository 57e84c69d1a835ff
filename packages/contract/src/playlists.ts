import { z } from 'zod';
import { Id, Owner } from './common.ts';
import { priceField } from './money.ts';
import { multiLineText, singleLineText } from './text.ts';
import { VideoCard, Visibility, visibilityField } from './videos.ts';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_MIN_PRICE, PLAYLIST_NAME_MAX } from './limits.ts';

/** A playlist holds at most this many videos, so its detail stays one bounded answer. */
export const PLAYLIST_MAX_VIDEOS = 1000;

/** `true`/`false` as JSON booleans or as the strings forms send; absent is false. */
const Flag = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z
      .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])], { message: 'isExclusive must be true or false' })
      .optional(),
  )
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

const Name = singleLineText({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PLAYLIST_NAME_MAX, `Name cannot be longer than ${PLAYLIST_NAME_MAX} characters`);
const Description = multiLineText({ message: 'Description is required' })
  .trim()
  .max(
    PLAYLIST_DESCRIPTION_MAX,
    `Description cannot be longer than ${PLAYLIST_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
  );

/**
 * POST /api/playlist (API.md §9). `price` counts only for an exclusive playlist: at least 20;
 * an exclusive playlist sent without a price costs the form's default, 30. A price that is not a
 * price (negative, too large, more than two decimals, not a number) is refused either way.
 */
export const CreatePlaylistBody = z
  .object({
    name: Name,
    description: Description,
    isExclusive: Flag,
    price: priceField().optional(),
    /** API.md §18: public (default), unlisted (by link, never in channel lists) or private (owner only). */
    visibility: visibilityField().optional().default('public'),
  })
  .superRefine((v, ctx) => {
    if (v.isExclusive && v.price !== undefined && v.price < PLAYLIST_MIN_PRICE) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: `Price must be at least ${PLAYLIST_MIN_PRICE}` });
    }
  });
export type CreatePlaylistBody = z.infer<typeof CreatePlaylistBody>;

/** POST /api/playlist/:id edits name and description, and the visibility when sent. */
export const EditPlaylistBody = z.object({ name: Name, description: Description, visibility: visibilityField().optional() });
export type EditPlaylistBody = z.infer<typeof EditPlaylistBody>;

export const PlaylistPoster = z.object({ _id: z.string(), thumbnail: z.string() }).nullable();

/** GET /api/playlist/user/:userId item: `videos` are ids, `poster` the first video, `owner` the owner's id. */
export const PlaylistSummary = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  videos: z.array(z.string()),
  poster: PlaylistPoster,
  isExclusive: z.boolean(),
  visibility: Visibility,
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z.string(),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummary>;

/**
 * A video in a playlist's detail: a card whose `owner` is one object; `hasAccess` says whether the
 * caller may watch it (answered for all videos at once), so the page can mark what is owned.
 */
export const PlaylistVideo = VideoCard.omit({ owner: true }).extend({ owner: Owner, hasAccess: z.boolean() });
export type PlaylistVideo = z.infer<typeof PlaylistVideo>;

/** GET /api/playlist/:id: `access` is true when the caller may watch everything in it. */
export const PlaylistDetail = z.object({
  playlist: z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isExclusive: z.boolean(),
    visibility: Visibility,
    price: z.number(),
    owner: Owner,
    videos: z.array(PlaylistVideo),
  }),
  access: z.boolean(),
});
export type PlaylistDetail = z.infer<typeof PlaylistDetail>;

/** GET /api/playlist/watch-later (and its POST/DELETE): the caller's Watch later list, as a playlist's detail shows a playlist (API.md §22). */
export const WatchLater = PlaylistDetail.shape.playlist;
export type WatchLater = z.infer<typeof WatchLater>;

/** PATCH /api/playlist/:playlistId/order: the playlist's video ids, each once, in the new order. */
export const PlaylistOrderBody = z.object({ videoIds: z.array(Id).max(PLAYLIST_MAX_VIDEOS) });
export type PlaylistOrderBody = z.infer<typeof PlaylistOrderBody>;
