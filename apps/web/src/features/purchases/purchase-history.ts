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

/** A section of the page; its heading and empty note are the catalogue's, by `kind` (purchase-history-view.tsx). */
export type PurchaseSection =
  | { kind: 'videos'; items: PurchasedVideo[] }
  | { kind: 'playlistVideos'; items: PurchasedVideo[] }
  | { kind: 'playlists'; items: PurchasedPlaylist[] }
  | { kind: 'uploads'; items: PurchasedUpload[] };

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
      items: newestFirst(videos.filter((v) => !v.playlistId)),
    },
    {
      kind: 'playlistVideos',
      items: newestFirst(videos.filter((v) => Boolean(v.playlistId))),
    },
    {
      kind: 'playlists',
      items: newestFirst(list(history?.purchasedPlaylists)),
    },
    {
      kind: 'uploads',
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
