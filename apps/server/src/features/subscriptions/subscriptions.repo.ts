import type { Db } from '../../db/database.ts';

export function createSubscriptionsRepo(db: Db) {
  return {
    /** Toggles in one transaction; the unique (subscriber, channel) pair makes double clicks safe. */
    async toggle(subscriberId: string, channelId: string, newId: string) {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('subscriptions')
          .where('subscriber_id', '=', subscriberId)
          .where('channel_id', '=', channelId)
          .returning('id')
          .executeTakeFirst();
        if (removed) return null;
        const inserted = await trx
          .insertInto('subscriptions')
          .values({ id: newId, subscriber_id: subscriberId, channel_id: channelId })
          .onConflict((oc) => oc.columns(['subscriber_id', 'channel_id']).doNothing())
          .returning(['id', 'subscriber_id', 'channel_id', 'created_at'])
          .executeTakeFirst();
        return (
          inserted ??
          (await trx
            .selectFrom('subscriptions')
            .select(['id', 'subscriber_id', 'channel_id', 'created_at'])
            .where('subscriber_id', '=', subscriberId)
            .where('channel_id', '=', channelId)
            .executeTakeFirstOrThrow())
        );
      });
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
