/** SPEC §2 title: 'Your Playlists' for the owner, otherwise "{fullname}'s Playlists". */
export function playlistsTitle(isOwner: boolean, fullname: string | null | undefined): string {
  if (isOwner) return 'Your Playlists';
  return fullname ? `${fullname}'s Playlists` : 'Playlists';
}

/** Own playlists open at /playlist/p/{id}; someone else's at /playlist/u/{channelId}/p/{id} (SPEC §2). */
export function playlistHref(playlistId: string, ownerId: string, viewerId: string | undefined): string {
  const id = encodeURIComponent(playlistId);
  return ownerId === viewerId ? `/playlist/p/${id}` : `/playlist/u/${encodeURIComponent(ownerId)}/p/${id}`;
}

/** The ids in a new order: the one at `from` moved to `to` (both within the list). */
export function movedOrder(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** A playlist played in order on the watch page (`?list=`): the video's page within it. */
export const playlistWatchHref = (videoId: string, playlistId: string) =>
  `/video/watch/${encodeURIComponent(videoId)}?list=${encodeURIComponent(playlistId)}`;
