import type { PurchaseHistory } from '@streamhub/contract';

export type PurchasedVideo = PurchaseHistory['purchasedVideos'][number];
export type PurchasedPlaylist = PurchaseHistory['purchasedPlaylists'][number];
export type PurchasedUpload = PurchaseHistory['purchasedUploads'][number];

export type PurchaseSection =
  | { kind: 'videos'; title: 'Purchased Videos'; items: PurchasedVideo[] }
  | { kind: 'playlistVideos'; title: 'Playlist Videos'; items: PurchasedVideo[] }
  | { kind: 'playlists'; title: 'Purchased Playlists'; items: PurchasedPlaylist[] }
  | { kind: 'uploads'; title: 'Purchased Uploads'; items: PurchasedUpload[] };

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

const newestFirst = <T extends { purchasedAt: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => Date.parse(b.purchasedAt) - Date.parse(a.purchasedAt));

/**
 * SPEC §2 /purchases: Purchased Videos (bought one by one), Playlist Videos (granted by a bought
 * playlist: they carry `playlistId`), Purchased Playlists and Purchased Uploads, newest first.
 * Empty sections are left out; no sections at all means 'No Purchase History'.
 */
export function purchaseSections(history: Partial<PurchaseHistory> | null | undefined): PurchaseSection[] {
  const videos = list(history?.purchasedVideos);
  const sections: PurchaseSection[] = [
    { kind: 'videos', title: 'Purchased Videos', items: newestFirst(videos.filter((v) => !v.playlistId)) },
    { kind: 'playlistVideos', title: 'Playlist Videos', items: newestFirst(videos.filter((v) => Boolean(v.playlistId))) },
    { kind: 'playlists', title: 'Purchased Playlists', items: newestFirst(list(history?.purchasedPlaylists)) },
    { kind: 'uploads', title: 'Purchased Uploads', items: newestFirst(list(history?.purchasedUploads)) },
  ];
  return sections.filter((section) => section.items.length > 0);
}

/** SPEC §2: playlist links go to /playlist/u/{ownerId}/p/{playlistId}. */
export function purchasedPlaylistHref(playlist: { _id: string; owner: { _id: string } }): string {
  return `/playlist/u/${encodeURIComponent(playlist.owner._id)}/p/${encodeURIComponent(playlist._id)}`;
}
