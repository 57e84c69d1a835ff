import { BadInput, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { SubscriptionsRepo } from './subscriptions.repo.ts';

const owner = (r: { user_id: string; fullname: string; username: string; avatar: string }) => ({
  _id: r.user_id,
  fullname: r.fullname,
  username: r.username,
  avatar: r.avatar,
});

export function createSubscriptionsService(repo: SubscriptionsRepo) {
  return {
    /** API.md §8: subscribed now → the subscription; unsubscribed now → null. */
    async toggle(viewer: Viewer, channelId: string) {
      if (channelId === viewer._id) throw new BadInput('You cannot subscribe to your own channel');
      if (!(await repo.userExists(channelId))) throw new NotFound('Channel does not exist');
      const row = await repo.toggle(viewer._id, channelId, newId());
      return row
        ? { _id: row.id, subscriber: row.subscriber_id, channel: row.channel_id, createdAt: row.created_at.toISOString() }
        : null;
    },
    async subscribers(channelId: string) {
      if (!(await repo.userExists(channelId))) throw new NotFound('Channel does not exist');
      return (await repo.subscribers(channelId)).map((r) => ({ _id: r.id, subscriber: owner(r) }));
    },
    async subscriptions(viewer: Viewer) {
      return (await repo.subscriptions(viewer._id)).map((r) => ({
        _id: r.id,
        subscribedTo: { ...owner(r), subscribers: Number(r.subscribers) },
      }));
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
