import type { Channels } from '../users/channels.ts';
import {
  PLAYLIST_DEFAULT_PRICE,
  PLAYLIST_MAX_VIDEOS,
  toAmount,
  toMinorUnits,
  type CreatePlaylistBody,
  type EditPlaylistBody,
  type PlaylistDetail,
  type PlaylistSummary,
  type WatchLater,
} from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { BadInput, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/access.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { toVideoCard } from '../access/video-card.ts';
import { createPlaylistsRepo, type PlaylistsRepo } from './playlists.repo.ts';

type SummaryRow = NonNullable<Awaited<ReturnType<PlaylistsRepo['summary']>>>;

const toSummary = (row: SummaryRow): PlaylistSummary => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  videos: row.video_ids,
  poster: row.poster,
  isExclusive: row.is_exclusive,
  visibility: row.visibility,
  price: toAmount(row.price_minor),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  owner: row.owner_id,
});

/** Playlists (API.md §9): anyone reads them; only the owner changes one. */
interface Deps {
  db: Db;
  access: AccessService;
  channels: Channels;
}

export function createPlaylistsService({ db, access, channels }: Deps) {
  const repo = createPlaylistsRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({ playlists: createPlaylistsRepo(q), access: access.on(q) }));

  /** Locks the playlist for the transaction; 404 when missing (or another's Watch later), 403 when not the viewer's. */
  async function lockOwned(playlists: PlaylistsRepo, playlistId: string, viewer: Viewer) {
    const row = await playlists.lock(playlistId);
    if (!row || (row.kind === 'watch_later' && row.owner_id !== viewer._id)) throw new NotFound('Playlist not found');
    if (row.owner_id !== viewer._id) throw new Forbidden('Only the owner can change this playlist');
    return row;
  }

  /** Watch later is kept by its own calls: it has no name to change and cannot be deleted. */
  function assertOrdinary(row: { kind: 'user' | 'watch_later' }) {
    if (row.kind === 'watch_later') throw new BadInput('Watch later cannot be renamed or deleted');
  }

  /** The viewer's Watch later list (every account has one from its creation). */
  async function watchLaterId(viewer: Viewer): Promise<string> {
    const id = await repo.watchLaterId(viewer._id);
    if (!id) throw new NotFound('Playlist not found');
    return id;
  }

  /** The playlist with the videos the viewer can see, each marked with whether they may watch it. */
  async function detail(playlistId: string, viewer: Viewer | null): Promise<PlaylistDetail> {
    const row = await repo.findWithOwner(playlistId, viewer?._id ?? null);
    // Watch later is its owner's alone.
    if (!row || (row.kind === 'watch_later' && row.owner_id !== viewer?._id)) throw new NotFound('Playlist not found');
    const [cards, open] = await Promise.all([
      repo.videoCards(playlistId, viewer?._id ?? null),
      access.playlistAccess(playlistId, viewer),
    ]);
    const watchable = await access.watchable(
      viewer,
      cards.map((c) => c.id),
    );
    return {
      playlist: {
        _id: row.id,
        name: row.name,
        description: row.description,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        isExclusive: row.is_exclusive,
        visibility: row.visibility,
        price: toAmount(row.price_minor),
        owner: { _id: row.owner_id, fullname: row.owner_fullname, username: row.owner_username, avatar: row.owner_avatar },
        videos: cards.map((card) => {
          const { owner, ...rest } = toVideoCard(card);
          return { ...rest, owner: owner[0]!, hasAccess: watchable.has(card.id) };
        }),
      },
      access: open,
    };
  }

  async function summary(playlistId: string, viewer: Viewer | null): Promise<PlaylistSummary> {
    const row = await repo.summary(playlistId, viewer?._id ?? null);
    if (!row) throw new NotFound('Playlist not found');
    return toSummary(row);
  }

  return {
    async listForUser(userId: string, viewer: Viewer | null): Promise<PlaylistSummary[]> {
      if (!(await channels.exists(userId))) throw new NotFound('User not found');
      return (await repo.listByOwner(userId, viewer?._id ?? null)).map(toSummary);
    },

    /** The number of playlists a user made (profiles, channel stats). */
    countByOwner: (userId: string) => repo.countByOwner(userId),

    /** Exclusive needs a price of at least 20 (the contract checks it); sent without one it costs 30. */
    async create(viewer: Viewer, body: CreatePlaylistBody): Promise<PlaylistSummary> {
      const id = newId();
      const priceMinor = body.isExclusive ? toMinorUnits(body.price ?? PLAYLIST_DEFAULT_PRICE) : null;
      await repo.insert({
        id,
        ownerId: viewer._id,
        name: body.name,
        description: body.description,
        isExclusive: body.isExclusive,
        visibility: body.visibility,
        priceMinor,
      });
      return summary(id, viewer);
    },

    detail,

    async edit(viewer: Viewer, playlistId: string, body: EditPlaylistBody): Promise<PlaylistSummary> {
      await inTransaction(async ({ playlists }) => {
        assertOrdinary(await lockOwned(playlists, playlistId, viewer));
        await playlists.update(playlistId, { name: body.name, description: body.description, visibility: body.visibility });
      });
      return summary(playlistId, viewer);
    },

    /**
     * Deletes the playlist. One that has been bought stays: its buyers hold what it contains
     * (409). The lock makes a purchase settling at the same moment wait or be waited for.
     */
    async remove(viewer: Viewer, playlistId: string): Promise<void> {
      await inTransaction(async ({ playlists, access: tx }) => {
        assertOrdinary(await lockOwned(playlists, playlistId, viewer));
        if (await tx.playlistHasBuyers(playlistId)) throw new Conflict('This playlist has buyers and cannot be deleted');
        await playlists.delete(playlistId);
      });
    },

    /**
     * Adds a video the viewer can see (listed, or their own); no duplicates; at most
     * PLAYLIST_MAX_VIDEOS. An exclusive playlist holds only its creator's own videos: its buyers
     * could not watch another creator's exclusive video, and its price is not theirs to set.
     */
    async addVideo(viewer: Viewer, videoId: string, playlistId: string): Promise<PlaylistSummary> {
      await access.assertVisible(videoId, viewer);
      await inTransaction(async ({ playlists }) => {
        const playlist = await lockOwned(playlists, playlistId, viewer);
        if (playlist.is_exclusive && (await playlists.videoOwner(videoId)) !== viewer._id) {
          throw new Forbidden("An exclusive playlist can only hold its creator's own videos");
        }
        if ((await playlists.countVideos(playlistId)) >= PLAYLIST_MAX_VIDEOS) {
          throw new BadInput(`A playlist holds at most ${PLAYLIST_MAX_VIDEOS.toLocaleString('en-US')} videos`);
        }
        if (!(await playlists.addVideo(playlistId, videoId))) throw new Conflict('Video is already in this playlist');
      });
      return summary(playlistId, viewer);
    },

    async removeVideo(viewer: Viewer, videoId: string, playlistId: string): Promise<PlaylistSummary> {
      await inTransaction(async ({ playlists }) => {
        await lockOwned(playlists, playlistId, viewer);
        if (!(await playlists.removeVideo(playlistId, videoId))) throw new NotFound('Video is not in this playlist');
      });
      return summary(playlistId, viewer);
    },

    /**
     * PATCH /api/playlist/:id/order (API.md §22): the same videos in a new order (every video of
     * the playlist once, no other); the owner only.
     */
    async reorder(viewer: Viewer, playlistId: string, videoIds: readonly string[]): Promise<PlaylistSummary> {
      await inTransaction(async ({ playlists }) => {
        await lockOwned(playlists, playlistId, viewer);
        const current = await playlists.videoIds(playlistId);
        const same =
          videoIds.length === current.length &&
          new Set(videoIds).size === videoIds.length &&
          videoIds.every((id) => current.includes(id));
        if (!same) {
          throw new BadInput("videoIds must name each of the playlist's videos once", [
            { field: 'videoIds', problem: 'not the same videos as the playlist' },
          ]);
        }
        await playlists.reorder(playlistId, videoIds);
      });
      return summary(playlistId, viewer);
    },

    /** GET /api/playlist/watch-later: the viewer's Watch later list, a private playlist every user has (API.md §22). */
    async watchLater(viewer: Viewer): Promise<WatchLater> {
      return (await detail(await watchLaterId(viewer), viewer)).playlist;
    },

    /** POST /api/playlist/watch-later/:videoId: added at the end (409 when already there); the list. */
    async addToWatchLater(viewer: Viewer, videoId: string): Promise<WatchLater> {
      const id = await watchLaterId(viewer);
      await this.addVideo(viewer, videoId, id);
      return (await detail(id, viewer)).playlist;
    },

    /** DELETE /api/playlist/watch-later/:videoId: 404 when it was not there; the list. */
    async removeFromWatchLater(viewer: Viewer, videoId: string): Promise<WatchLater> {
      const id = await watchLaterId(viewer);
      await this.removeVideo(viewer, videoId, id);
      return (await detail(id, viewer)).playlist;
    },
  };
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
