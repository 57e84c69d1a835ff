import type { CurrentUser } from '@streamhub/contract';

/** A channel's profile as both GET /users/current_user (own) and GET /users/channel/:id return it. */
export type ChannelUser = CurrentUser & {
  createdAt: string;
  likedVidCount: number;
  playlists: number;
  subscriptions: number;
  /** Only for other people's channels. */
  isSubscribed?: boolean;
  /** Only on your own channel. */
  email?: string;
};
