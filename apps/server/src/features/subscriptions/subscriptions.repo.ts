import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createSubscriptionsRepo(db: Db) {
  return {
    async userExists(id: string): Promise<boolean> {
      return Boolean(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
    },
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
        .select([
          'subscriptions.id',
          'users.id as user_id',
          'users.fullname',
          'users.username',
          'users.avatar',
          sql<number>`(SELECT count(*) FROM subscriptions s2 WHERE s2.channel_id = users.id)`.as('subscribers'),
        ])
        .where('subscriptions.subscriber_id', '=', subscriberId)
        .orderBy('subscriptions.created_at', 'desc')
        .execute();
    },
  };
}
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
