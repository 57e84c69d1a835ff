/** Query keys of the playlists feature, one place for what the calls cache and invalidate. */
export const playlistKeys = {
  all: ['playlists'] as const,
  lists: () => [...playlistKeys.all, 'user'] as const,
  byUser: (userId: string) => [...playlistKeys.lists(), userId] as const,
  detail: (playlistId: string) => [...playlistKeys.all, 'detail', playlistId] as const,
  watchLater: () => [...playlistKeys.all, 'watch-later'] as const,
};
