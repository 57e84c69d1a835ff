import type { CurrentUser } from '@streamhub/contract';

/**
 * SPEC §2: channel tiles pass the channel user as navigation state, so the page they open
 * (e.g. "{fullname}'s Videos") can show the owner before, or without, loading them.
 */
export type ChannelSummary = CurrentUser;
export type ChannelNavigationState = { channel: ChannelSummary };

export function channelNavigationState(channel: ChannelSummary): ChannelNavigationState {
  const { _id, username, fullname, avatar } = channel;
  return { channel: { _id, username, fullname, avatar } };
}

/** Reads `location.state` defensively: it survives reloads and may come from older versions. */
export function readChannelNavigationState(state: unknown): ChannelSummary | null {
  if (!state || typeof state !== 'object' || !('channel' in state)) return null;
  const channel = (state as { channel: unknown }).channel;
  if (!channel || typeof channel !== 'object') return null;
  const { _id, username, fullname, avatar } = channel as Record<string, unknown>;
  if (typeof _id !== 'string' || typeof username !== 'string' || typeof fullname !== 'string') return null;
  return { _id, username, fullname, avatar: typeof avatar === 'string' ? avatar : '' };
}

/** SPEC §6: the channel owner is the signed-in user when the route has no channel id or the same one. */
export function isChannelOwner(channelId: string | undefined, userId: string | undefined): boolean {
  return Boolean(userId) && (!channelId || channelId === userId);
}
