import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toggleLink, type LinkKind } from '../../db/toggle-link.ts';
import { listed } from '../access/access.sql.ts';
import { selectCards, type CardRow } from '../access/video-card.ts';

/** A subscription is a link from a subscriber to a channel (a user row); no counter column. */
const SUBSCRIPTION: LinkKind = {
  target: 'users',
  links: 'subscriptions',
  userColumn: 'subscriber_id',
  targetColumn: 'channel_id',
};

export function createSubscriptionsRepo(db: Db) {
  return {
    /** Subscribes or unsubscribes (db/toggle-link.ts); null when the channel does not exist. */
    async toggle(subscriberId: string, channelId: string, newId: string) {
      return toggleLink(db, SUBSCRIPTION, subscriberId, channelId, newId);
    },
    async isSubscribed(subscriberId: string, channelId: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('subscriber_id', '=', subscriberId)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return Boolean(row);
    },
    /** Subscribers of each channel (index subscriptions_channel); channels without any are absent. */
    async subscriberCounts(channelIds: string[]): Promise<Map<string, number>> {
      if (channelIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('subscriptions')
        .select((eb) => ['channel_id', eb.fn.countAll<number>().as('n')])
        .where('channel_id', 'in', channelIds)
        .groupBy('channel_id')
        .execute();
      return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
    },
    async subscribers(channelId: string) {
      return db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.subscriber_id')
        .select(['subscriptions.id', 'users.id as user_id', 'users.fullname', 'users.username', 'users.avatar'])
        .where('subscriptions.channel_id', '=', channelId)
        .orderBy('subscriptions.created_at', 'desc')
        .execute();
    },
    async subscriptions(subscriberId: string) {
      return db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.channel_id')
        .select(['subscriptions.id', 'users.id as user_id', 'users.fullname', 'users.username', 'users.avatar'])
        .where('subscriptions.subscriber_id', '=', subscriberId)
        .orderBy('subscriptions.created_at', 'desc')
        .execute();
    },
    /**
     * One page of the listed videos of the channels `subscriberId` subscribes to, newest first
     * (ties by id), and how many there are in all: one statement, the count a window over it.
     */
    async feedPage(subscriberId: string, offset: number, limit: number): Promise<{ rows: CardRow[]; total: number }> {
      const channels = db.selectFrom('subscriptions').select('channel_id').where('subscriber_id', '=', subscriberId);
      const rows = await selectCards(db)
        .select(sql<string>`count(*) OVER ()`.as('total'))
        .where(listed())
        .where('videos.owner_id', 'in', channels)
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
      // Past the end the window counts nothing: count on its own.
      const { n } = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(listed())
        .where('videos.owner_id', 'in', channels)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },
  };
}
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
