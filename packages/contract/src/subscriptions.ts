import { z } from 'zod';
import { Owner } from './common.ts';

/** POST /api/subscription/channel/:channelId: the subscription when subscribed now, null when unsubscribed (API.md §8). */
export const SubscriptionToggle = z
  .object({
    _id: z.string(),
    subscriber: z.string(),
    channel: z.string(),
    createdAt: z.string(),
  })
  .nullable();
export type SubscriptionToggle = z.infer<typeof SubscriptionToggle>;

/** GET /api/subscription/channel/:channelId item: one subscriber of the channel. */
export const Subscriber = z.object({ _id: z.string(), subscriber: Owner });
export type Subscriber = z.infer<typeof Subscriber>;

/** GET /api/subscription item: a channel the viewer subscribes to, with its subscriber count. */
export const Subscription = z.object({
  _id: z.string(),
  subscribedTo: Owner.extend({ subscribers: z.number() }),
});
export type Subscription = z.infer<typeof Subscription>;
