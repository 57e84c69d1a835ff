import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables; migrations in ./migrations are the source of truth. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  fullname: string;
  /** Storage key (`avatars/…`); the URL is built per response. */
  avatar: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token, so a database leak does not leak sessions
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
}

export type VideoStatus = 'processing' | 'ready' | 'failed';

export interface VideosTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  /** Storage key (`thumbnails/…`); the URL is built per response. */
  thumbnail: string;
  duration: Generated<number>;
  views: Generated<number>;
  likes: Generated<number>;
  is_exclusive: Generated<boolean>;
  price_minor: number | null;
  status: Generated<VideoStatus>;
  progress: Generated<number>;
  failure_reason: string | null;
  has_hls: Generated<boolean>;
  has_mp4: Generated<boolean>;
  source_key: string | null;
  /** Folder of the renditions: `videos/<id>`, or `exclusive/<id>` (storage/media-keys.ts). */
  media_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoLikesTable {
  id: string;
  user_id: string;
  video_id: string;
  created_at: Timestamp;
}

export interface VideoViewsTable {
  video_id: string;
  viewer_key: string;
  /** When this viewer's last counted view of the video was (one per rolling hour). */
  counted_at: Date;
}

export interface WatchHistoryTable {
  id: string;
  user_id: string;
  video_id: string;
  watched_on: ColumnType<string, string, string>;
  watched_at: Timestamp;
}

export interface SubscriptionsTable {
  id: string;
  subscriber_id: string;
  channel_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: string;
  owner_id: string;
  /** Exactly one of video_id and post_id is set (the comment's parent). */
  video_id: string | null;
  post_id: string | null;
  content: string;
  likes: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CommentLikesTable {
  id: string;
  user_id: string;
  comment_id: string;
  created_at: Timestamp;
}

export interface PostsTable {
  id: string;
  owner_id: string;
  content: string;
  likes: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostLikesTable {
  id: string;
  user_id: string;
  post_id: string;
  created_at: Timestamp;
}

export interface PlaylistsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  is_exclusive: Generated<boolean>;
  price_minor: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaylistVideosTable {
  playlist_id: string;
  video_id: string;
  position: Generated<number>;
  added_at: Timestamp;
}

export type PurchaseKind = 'video' | 'playlist' | 'uploads';
export type PurchaseStatus = 'pending' | 'settled' | 'failed';

/** One purchase; only `status` (with its time, reason and provider reference) ever changes, once. */
export interface PurchasesTable {
  id: string;
  buyer_id: string;
  kind: PurchaseKind;
  video_id: string | null;
  playlist_id: string | null;
  upload_slots: number | null;
  seller_id: string | null;
  title: string;
  amount_minor: number;
  idempotency_key: string;
  provider: string;
  provider_ref: string | null;
  status: Generated<PurchaseStatus>;
  failure_reason: string | null;
  created_at: Timestamp;
  settled_at: Date | null;
  failed_at: Date | null;
}

/** What a user may have beyond the free rules: bought videos and playlists, upload slots. Append-only. */
export interface EntitlementsTable {
  id: string;
  user_id: string;
  kind: PurchaseKind;
  video_id: string | null;
  playlist_id: string | null;
  upload_slots: number | null;
  purchase_id: string | null;
  created_at: Timestamp;
}

export interface JournalEntriesTable {
  id: string;
  purchase_id: string;
  created_at: Timestamp;
}

export type LedgerAccount = 'buyer_payments' | 'creator_earnings' | 'platform_revenue';

/** Debits positive, credits negative; an entry's lines sum to zero. Append-only. */
export interface JournalLinesTable {
  id: string;
  entry_id: string;
  account: LedgerAccount;
  user_id: string | null;
  amount_minor: number;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  window_end: Timestamp;
  count: number;
}

/** A resumable upload not yet made into a video (migration 0013): its owner and declared length. */
export interface UnfinishedUploadsTable {
  id: string;
  owner_id: string;
  declared_bytes: number;
  claimed_at: Date | null;
  created_at: Timestamp;
}

export interface Database {
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  users: UsersTable;
  sessions: SessionsTable;
  videos: VideosTable;
  video_likes: VideoLikesTable;
  video_views: VideoViewsTable;
  watch_history: WatchHistoryTable;
  subscriptions: SubscriptionsTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  purchases: PurchasesTable;
  entitlements: EntitlementsTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  rate_limits: RateLimitsTable;
  unfinished_uploads: UnfinishedUploadsTable;
}
