import type { PurchaseHistory } from '@streamhub/contract';

export type PurchasedVideo = PurchaseHistory['purchasedVideos'][number];
export type PurchasedPlaylist = PurchaseHistory['purchasedPlaylists'][number];
export type PurchasedUpload = PurchaseHistory['purchasedUploads'][number];

/** What a bought item says of its refund (API.md §12: `refunded: true` once it was refunded). */
export type Refund = Pick<PurchasedVideo, 'refunded' | 'status' | 'refundReason'>;

/** A purchase given back: content taken down or deleted by its creator (docs/moderation.md). */
export function isRefunded(refund: Refund | undefined): boolean {
  return Boolean(refund && (refund.refunded === true || refund.status === 'refunded'));
}

/** `title` is the section's heading, word for word from SPEC §2; `emptyNote` stands in for no items. */
export type PurchaseSection = { title: string; emptyNote: string } & (
  | { kind: 'videos'; items: PurchasedVideo[] }
  | { kind: 'playlistVideos'; items: PurchasedVideo[] }
  | { kind: 'playlists'; items: PurchasedPlaylist[] }
  | { kind: 'uploads'; items: PurchasedUpload[] }
);

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

const newestFirst = <T extends { purchasedAt: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => Date.parse(b.purchasedAt) - Date.parse(a.purchasedAt));

/**
 * SPEC §2 /purchases: Purchased Videos (bought one by one), Playlist Videos (granted by a bought
 * playlist: they carry `playlistId`), Purchased Playlists and Purchased Uploads, newest first.
 * All four, always in this order, empty ones too.
 */
export function purchaseSections(history: Partial<PurchaseHistory> | null | undefined): PurchaseSection[] {
  const videos = list(history?.purchasedVideos);
  return [
    {
      kind: 'videos',
      title: 'Purchased Videos',
      emptyNote: 'No videos bought yet.',
      items: newestFirst(videos.filter((v) => !v.playlistId)),
    },
    {
      kind: 'playlistVideos',
      title: 'Playlist Videos',
      emptyNote: 'No videos from bought playlists yet.',
      items: newestFirst(videos.filter((v) => Boolean(v.playlistId))),
    },
    {
      kind: 'playlists',
      title: 'Purchased Playlists',
      emptyNote: 'No playlists bought yet.',
      items: newestFirst(list(history?.purchasedPlaylists)),
    },
    {
      kind: 'uploads',
      title: 'Purchased Uploads',
      emptyNote: 'No upload slots bought yet.',
      items: newestFirst(list(history?.purchasedUploads)),
    },
  ];
}

/** Nothing bought at all: the page says 'No Purchase History' instead of four empty sections (SPEC §2). */
export function isEmptyHistory(sections: PurchaseSection[]): boolean {
  return sections.every((section) => section.items.length === 0);
}

/** SPEC §2: playlist links go to /playlist/u/{ownerId}/p/{playlistId}. */
export function purchasedPlaylistHref(playlist: { _id: string; owner: { _id: string } }): string {
  return `/playlist/u/${encodeURIComponent(playlist.owner._id)}/p/${encodeURIComponent(playlist._id)}`;
}
