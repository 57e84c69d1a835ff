import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { reachableBy } from '../access/access.sql.ts';
import type { Visibility } from '../../db/schema.ts';
import { selectCards } from '../access/video-card.ts';

export interface NewPlaylistRow {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  isExclusive: boolean;
  visibility: Visibility;
  priceMinor: number | null;
}

/**
 * A playlist taken down (or hidden by its owner's suspension), or private, exists for its owner
 * only (docs/visibility.md).
 */
const present = (viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`(p.removed_reason IS NULL AND p.visibility <> 'private')`
    : sql<boolean>`((p.removed_reason IS NULL AND p.visibility <> 'private') OR p.owner_id = ${viewerId})`;

export function createPlaylistsRepo(db: Db) {
  /**
   * Playlists with the ids of the videos the viewer can see in them (in playlist order) and the
   * first of those as the poster.
   */
  const summaries = (viewerId: string | null) =>
    db
      .selectFrom('playlists as p')
      .where(present(viewerId))
      .select([
        'p.id',
        'p.owner_id',
        'p.name',
        'p.description',
        'p.is_exclusive',
        'p.visibility',
        'p.price_minor',
        'p.created_at',
        'p.updated_at',
        sql<string[]>`coalesce((
          SELECT json_agg(v.id ORDER BY pv.position)
          FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
          WHERE pv.playlist_id = p.id AND ${reachableBy(viewerId, 'v')}), '[]'::json)`.as('video_ids'),
        sql<{ _id: string; thumbnail: string } | null>`(
          SELECT json_build_object('_id', v.id, 'thumbnail', v.thumbnail)
          FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
          WHERE pv.playlist_id = p.id AND ${reachableBy(viewerId, 'v')}
          ORDER BY pv.position LIMIT 1)`.as('poster'),
      ]);

  return {
    /** The playlists a user made (Watch later is not one of them). */
    async countByOwner(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'user')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The owner's playlists, last updated first; others see the public ones only (Watch later is reached on its own). */
    async listByOwner(ownerId: string, viewerId: string | null) {
      return summaries(viewerId)
        .where('p.owner_id', '=', ownerId)
        .where('p.kind', '=', 'user')
        .where((eb) => (viewerId === ownerId ? eb.lit(true) : eb('p.visibility', '=', 'public')))
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
    },

    async summary(id: string, viewerId: string | null) {
      return summaries(viewerId).where('p.id', '=', id).executeTakeFirst();
    },

    /** The playlist with its owner, for the detail; a removed one only for its owner. */
    async findWithOwner(id: string, viewerId: string | null) {
      return db
        .selectFrom('playlists as p')
        .innerJoin('users as owner', 'owner.id', 'p.owner_id')
        .selectAll('p')
        .select(['owner.fullname as owner_fullname', 'owner.username as owner_username', 'owner.avatar as owner_avatar'])
        .where('p.id', '=', id)
        .where(present(viewerId))
        .executeTakeFirst();
    },

    /** Who owns a video (an exclusive playlist holds only its owner's videos). */
    async videoOwner(videoId: string): Promise<string | undefined> {
      const row = await db.selectFrom('videos').select('owner_id').where('id', '=', videoId).executeTakeFirst();
      return row?.owner_id;
    },

    /** Cards of the videos in the playlist the viewer can see, in playlist order. */
    async videoCards(playlistId: string, viewerId: string | null) {
      return selectCards(db)
        .innerJoin('playlist_videos as pv', 'pv.video_id', 'videos.id')
        .where('pv.playlist_id', '=', playlistId)
        .where(reachableBy(viewerId, 'videos'))
        .orderBy('pv.position')
        .execute();
    },

    /** Locks the playlist row for the rest of the transaction (edits of one playlist run one after another). */
    async lock(id: string) {
      return db
        .selectFrom('playlists')
        .select(['id', 'owner_id', 'is_exclusive', 'kind'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async insert(row: NewPlaylistRow) {
      await db
        .insertInto('playlists')
        .values({
          id: row.id,
          owner_id: row.ownerId,
          name: row.name,
          description: row.description,
          is_exclusive: row.isExclusive,
          visibility: row.visibility,
          price_minor: row.priceMinor,
        })
        .execute();
    },

    async update(id: string, patch: { name: string; description: string; visibility?: Visibility }) {
      await db
        .updateTable('playlists')
        .set({ ...patch, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string) {
      await db.deleteFrom('playlists').where('id', '=', id).execute();
    },

    /** The id of the user's Watch later list (every account has one from its creation: migration 0035). */
    async watchLaterId(ownerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('playlists')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'watch_later')
        .executeTakeFirst();
      return row?.id;
    },

    /** Every video id in the playlist, in order (whatever their state: the owner's order covers them all). */
    async videoIds(playlistId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('playlist_videos')
        .select('video_id')
        .where('playlist_id', '=', playlistId)
        .orderBy('position')
        .execute();
      return rows.map((r) => r.video_id);
    },

    /** Puts the playlist's videos in the order of `videoIds` (exactly its videos), keeping the positions it used. */
    async reorder(playlistId: string, videoIds: readonly string[]): Promise<void> {
      await sql`
        UPDATE playlist_videos pv SET position = o.position
        FROM (
          SELECT ids.video_id, used.position
          FROM unnest(${[...videoIds]}::uuid[]) WITH ORDINALITY AS ids (video_id, n)
          JOIN (SELECT position, row_number() OVER (ORDER BY position) AS n FROM playlist_videos WHERE playlist_id = ${playlistId}) used
            ON used.n = ids.n
        ) o
        WHERE pv.playlist_id = ${playlistId} AND pv.video_id = o.video_id`.execute(db);
      await db
        .updateTable('playlists')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', playlistId)
        .execute();
    },

    async countVideos(playlistId: string): Promise<number> {
      const row = await db
        .selectFrom('playlist_videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('playlist_id', '=', playlistId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Adds the video at the end; false when it is already in the playlist (the primary key decides). */
    async addVideo(playlistId: string, videoId: string): Promise<boolean> {
      const row = await db
        .insertInto('playlist_videos')
        .values({ playlist_id: playlistId, video_id: videoId })
        .onConflict((oc) => oc.columns(['playlist_id', 'video_id']).doNothing())
        .returning('video_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** False when the video was not in the playlist. */
    async removeVideo(playlistId: string, videoId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('playlist_videos')
        .where('playlist_id', '=', playlistId)
        .where('video_id', '=', videoId)
        .returning('video_id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
export type PlaylistsRepo = ReturnType<typeof createPlaylistsRepo>;
