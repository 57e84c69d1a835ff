import type { LikeToggle } from '@streamhub/contract';

/** Anything with a viewer like state: a video, a comment, a post. */
export type Likeable = { isLiked: boolean; likes: number };

/** SPEC §4: a like toggles isLiked and moves likes by one (never below 0). */
export function toggledLike<T extends Likeable>(item: T): T {
  const isLiked = !item.isLiked;
  return { ...item, isLiked, likes: Math.max(0, item.likes + (isLiked ? 1 : -1)) };
}

/** The server's answer to a toggle (API.md §7) replaces the optimistic guess. */
export function withLikeResult<T extends Likeable>(item: T, result: LikeToggle | null | undefined): T {
  if (!result || typeof result.isLiked !== 'boolean' || typeof result.likes !== 'number') return item;
  return { ...item, isLiked: result.isLiked, likes: result.likes };
}
