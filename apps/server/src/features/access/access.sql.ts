import { sql, type RawBuilder } from 'kysely';

/**
 * The SQL of who may find and watch what, written once. Repos of other features build their
 * queries with `listed`; everything else goes through the access service. `v` / `p` name the
 * alias of the `videos` / `playlists` row the predicate is about.
 */

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** The viewer a predicate is about: a user id, or an SQL expression giving one (e.g. a session's user). */
export type ViewerRef = string | RawBuilder<string>;

/**
 * A video anyone may find: in the list, search, likes, history, "more", stats and playlists.
 * Ready and public (an unlisted or private video is never listed: docs/visibility.md). Written
 * with literals, so it matches the partial indexes `WHERE status = 'ready'`.
 */
export function listed(v = 'videos'): RawBuilder<boolean> {
  return sql<boolean>`(${ref(v, 'status')} = 'ready' AND ${ref(v, 'visibility')} = 'public')`;
}

/** Not private, or the viewer's own: who may open a video or playlist at all (docs/visibility.md). */
export function notPrivateTo(viewerId: ViewerRef | null, alias: string): RawBuilder<boolean> {
  if (viewerId === null) return sql<boolean>`${ref(alias, 'visibility')} <> 'private'`;
  return sql<boolean>`(${ref(alias, 'visibility')} <> 'private' OR ${ref(alias, 'owner_id')} = ${viewerId})`;
}

/**
 * A live waiting for its stream (API.md §17): not listed (it is not `ready`), but its card is
 * answered by the watch call and GET /api/live/:videoId to whoever may see it once it is live
 * (everyone: an exclusive live's card is as public as an exclusive video's), so a link or a
 * notification followed early shows the card, and the player once the stream arrives.
 */
export function waitingLive(v = 'videos'): RawBuilder<boolean> {
  return sql<boolean>`(${ref(v, 'is_live')} AND ${ref(v, 'live_state')} = 'waiting' AND ${ref(v, 'status')} = 'processing' AND ${ref(v, 'visibility')} <> 'private')`;
}

/**
 * Listed, or the viewer's own (owners also see their videos while they process or after they
 * fail). A removed video is nobody's to find, not even its owner's: they see it, with the reason,
 * in their dashboard only (docs/moderation.md).
 */
export function visibleTo(viewerId: ViewerRef | null, v = 'videos'): RawBuilder<boolean> {
  if (viewerId === null) return listed(v);
  return sql<boolean>`(${listed(v)} OR (${ref(v, 'owner_id')} = ${viewerId} AND ${ref(v, 'status')} <> 'removed'))`;
}

/**
 * A ready video the viewer may open by its link: public or unlisted, or private and theirs
 * (docs/visibility.md). What likes, comments and history act on.
 */
export function byLink(viewerId: ViewerRef | null, v = 'videos'): RawBuilder<boolean> {
  return sql<boolean>`(${ref(v, 'status')} = 'ready' AND ${notPrivateTo(viewerId, v)})`;
}

/**
 * What the viewer may see of a video at all (its watch page, details, buy page, a playlist's
 * entries): by its link, or their own however it is (processing, failed, scheduled).
 */
export function reachableBy(viewerId: ViewerRef | null, v = 'videos'): RawBuilder<boolean> {
  if (viewerId === null) return byLink(null, v);
  return sql<boolean>`(${byLink(viewerId, v)} OR (${ref(v, 'owner_id')} = ${viewerId} AND ${ref(v, 'status')} <> 'removed'))`;
}

/**
 * An entitlement `e` that grants now: its purchase is settled (a refund or an open or lost
 * dispute ends what it granted, a dispute won restores it; the entitlement row itself is
 * append-only). Upload slots carried over from before purchases (no purchase) always grant.
 */
export const granting = (e: string) =>
  sql<boolean>`(${sql.ref(`${e}.purchase_id`)} IS NULL OR EXISTS (SELECT 1 FROM purchases rp WHERE rp.id = ${sql.ref(`${e}.purchase_id`)} AND rp.status = 'settled'))`;

/**
 * The videos a viewer holds through bought playlists: every video in a playlist they bought
 * whose owner is the playlist's owner (videos added later included; a playlist by someone else
 * that contains your video grants nothing). Columns: video_id, playlist_id, purchase_id.
 */
export function playlistGrants(viewerId: ViewerRef): RawBuilder<{ video_id: string; playlist_id: string; purchase_id: string }> {
  return sql`
    SELECT pv.video_id, e.playlist_id, e.purchase_id
    FROM entitlements e
    JOIN playlists p ON p.id = e.playlist_id
    JOIN playlist_videos pv ON pv.playlist_id = e.playlist_id
    JOIN videos gv ON gv.id = pv.video_id AND gv.owner_id = p.owner_id
    WHERE e.user_id = ${viewerId} AND e.kind = 'playlist' AND ${granting('e')}`;
}

/**
 * The viewer is an active member of the channel: a membership paid (`active`, or `cancelled` and
 * running to the end of its period) whose period has not ended (API.md §20).
 */
export function activeMember(viewerId: ViewerRef, channelId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM memberships m WHERE m.member_id = ${viewerId} AND m.channel_id = ${channelId}
    AND m.state IN ('active', 'cancelled') AND m.current_period_end > now())`;
}

/**
 * THE access rule: a removed video (taken down, or its owner suspended) is open to nobody, not
 * even its owner, and a private one to its owner only (unlisted is open like public); otherwise a
 * video that is not exclusive is open to everyone once it is public (a scheduled one is its
 * owner's alone until its `publishAt`, every byte of its media too), and an exclusive one to its
 * owner, a buyer of the video, and a buyer of an exclusive playlist by the same owner that
 * contains it (a refunded purchase grants nothing). A members-only video is open to its owner
 * and the active members of the owner's channel (either grant opens a video both exclusive and
 * members-only). Anonymous viewers (null) only ever see the first branch.
 */
export function watchableBy(viewerId: ViewerRef | null, v = 'videos'): RawBuilder<boolean> {
  const present = sql<boolean>`(${ref(v, 'status')} <> 'removed' AND ${notPrivateTo(viewerId, v)})`;
  const open = sql<boolean>`(NOT ${ref(v, 'is_exclusive')} AND NOT ${ref(v, 'members_only')} AND ${ref(v, 'status')} <> 'scheduled')`;
  if (viewerId === null) return sql<boolean>`(${present} AND ${open})`;
  return sql<boolean>`(${present} AND (${open}
    OR ${ref(v, 'owner_id')} = ${viewerId}
    OR (${ref(v, 'members_only')} AND ${ref(v, 'status')} <> 'scheduled' AND ${activeMember(viewerId, ref(v, 'owner_id'))})
    OR EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = ${viewerId} AND e.kind = 'video' AND e.video_id = ${ref(v, 'id')} AND ${granting('e')})
    OR ${ref(v, 'id')} IN (SELECT g.video_id FROM (${playlistGrants(viewerId)}) g)))`;
}

/**
 * A video's files no longer change, so whether they are open may be kept (the media gate): the
 * whole MP4 is written and the video is not waiting for its `publishAt` (publishing opens them).
 */
export function mediaFinal(v = 'videos'): RawBuilder<boolean> {
  return sql<boolean>`(${ref(v, 'has_mp4')} AND ${ref(v, 'status')} <> 'scheduled')`;
}

/** A playlist's own door (its detail's `access`): not exclusive, the viewer's own, or bought by the viewer. */
export function playlistOpenTo(viewerId: ViewerRef | null, p = 'playlists'): RawBuilder<boolean> {
  const open = sql<boolean>`NOT ${ref(p, 'is_exclusive')}`;
  if (viewerId === null) return open;
  return sql<boolean>`(${open}
    OR ${ref(p, 'owner_id')} = ${viewerId}
    OR EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = ${viewerId} AND e.kind = 'playlist' AND e.playlist_id = ${ref(p, 'id')} AND ${granting('e')}))`;
}
