import type { Db } from '../../db/database.ts';

/**
 * The channels read port: what other features ask of a channel (a user seen as the owner of
 * videos, posts and playlists). Playlists, subscriptions, posts, the dashboard and videos take it
 * instead of the users service, which itself takes playlists and subscriptions: no cycle, nothing
 * bound late.
 */
export function createChannels(db: Db) {
  return {
    /** Whether a channel (a user) with this id exists: a deleted account is no channel. */
    async exists(channelId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', channelId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
export type Channels = ReturnType<typeof createChannels>;
