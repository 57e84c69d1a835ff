import type { Db } from '../../db/database.ts';
import { toggleLink, type LinkKind } from '../../db/toggle-link.ts';

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
  };
}
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
