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

/** 'Videos: n' on cards and the detail (SPEC §2). */
export const videoCountLabel = (count: number) => `Videos: ${count}`;
