import type { NotificationType } from '@streamhub/contract';
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
  role: Generated<Role>;
  /** Set while the account is suspended (with `suspended_at`). */
  suspended_reason: string | null;
  suspended_at: Date | null;
  /** Registered while registrations needed approval, not approved yet: cannot sign in. */
  approval_pending: Generated<boolean>;
  /** Overrides of the instance defaults (`instance_settings`, then config); null = default. */
  upload_limit: number | null;
  storage_quota_bytes: number | null;
  /** When the current address was proven by a mailed link (0030); null: never. */
  email_verified_at: Date | null;
  /** Registered while verification was required: no sign-in until the address is proven. */
  must_verify_email: Generated<boolean>;
  /** The account was deleted (0039): a tombstone that names nobody and keeps its username. */
  deleted_at: Date | null;
  /** The language chosen from the language menu (0045): their mail's; null: DEFAULT_LOCALE. */
  locale: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type Role = 'user' | 'moderator' | 'admin';
/** Why something is hidden: a staff takedown, or the suspension of its owner. */
export type RemovedBy = 'takedown' | 'suspension';

export interface SessionsTable {
  id: string; // sha256 of the cookie token, so a database leak does not leak sessions
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
}

export type VideoStatus = 'processing' | 'ready' | 'failed' | 'removed' | 'scheduled';

/** Who finds and opens a video or playlist (docs/visibility.md). */
export type Visibility = 'public' | 'unlisted' | 'private';

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
  /** Only active members of the owner's channel (and the owner) may watch it (API.md §20). */
  members_only: Generated<boolean>;
  visibility: Generated<Visibility>;
  price_minor: number | null;
  status: Generated<VideoStatus>;
  progress: Generated<number>;
  failure_reason: string | null;
  has_hls: Generated<boolean>;
  has_mp4: Generated<boolean>;
  source_key: string | null;
  /** Folder of the renditions: `videos/<id>`, or `exclusive/<id>` (storage/media-keys.ts). */
  media_key: string;
  /** Set while the video is `removed` (with who removed it and the status a restore puts back). */
  removed_reason: string | null;
  removed_by: RemovedBy | null;
  status_before_removal: Exclude<VideoStatus, 'removed'> | null;
  /** Bytes of the uploaded source: what the video counts against its owner's storage quota. */
  size_bytes: Generated<number>;
  /** Age-weighted counted views, in log form (recommendations/trend-score.ts); null before any. */
  trend_score: Generated<number | null>;
  /** A live stream (migration 0023, docs/live.md): its state, times, ingest heartbeat and key hash. */
  is_live: Generated<boolean>;
  live_state: 'waiting' | 'live' | 'ended' | null;
  live_started_at: Date | null;
  live_ended_at: Date | null;
  live_seen_at: Date | null;
  stream_key_hash: Buffer | null;
  /** Frames the transcode left in `candidates/` for the owner to choose a thumbnail from (migration 0033). */
  thumbnail_candidates: Generated<number>;
  /** The thumbnail is a live's dark placeholder: its replay gets the first candidate. */
  thumbnail_placeholder: Generated<boolean>;
  /** The last publish the ingest refused for this live, and why (migration 0034, docs/live.md). */
  live_refused: 'path' | 'key' | null;
  live_refused_at: Date | null;
  /** When a scheduled video goes public; null once it has, or never scheduled (migration 0021). */
  publish_at: Date | null;
  /** The master playlist with the captions' SUBTITLES group, in the video's folder (migration 0020); null: none. */
  captions_master: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One caption track of a video (migration 0020, docs/captions.md). */
export interface VideoCaptionsTable {
  video_id: string;
  /** A canonical BCP 47 tag. */
  language: string;
  label: string;
  /** Made by the transcription job, not uploaded by the owner. */
  auto: Generated<boolean>;
  /** A new one per change: names the track's files (`captions/<language>-<rev>.vtt`), so every URL is immutable. */
  rev: string;
  /** The sanitised WebVTT. */
  vtt: string;
  /** The cues' text, for search. */
  text: string;
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

/** A video's analytics for one UTC day (migration 0022, docs/studio.md). */
export interface VideoDailyStatsTable {
  video_id: string;
  day: string;
  views: Generated<number>;
  watch_seconds: Generated<number>;
  sessions: Generated<number>;
  /** `reached[i]`: sessions that reached i × 5 % of the duration. */
  reached: Generated<number[]>;
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
  removed_reason: string | null;
  removed_by: RemovedBy | null;
  /** Matched a blocked word of the channel: shown to its author and the channel only, until approved. */
  held: Generated<boolean>;
  /** A reply's top-level comment (migration 0019); null for a top-level comment. */
  parent_id: Generated<string | null>;
  /** Replies everyone may read (trigger-maintained). */
  reply_count: Generated<number>;
  pinned: Generated<boolean>;
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
  removed_reason: string | null;
  removed_by: RemovedBy | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostLikesTable {
  id: string;
  user_id: string;
  post_id: string;
  created_at: Timestamp;
}

/** A refunded purchase whose money the provider gave back (migration 0038). */
export interface PurchaseMoneyReturnsTable {
  purchase_id: string;
  returned_at: Generated<Date>;
}

export interface PlaylistsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  is_exclusive: Generated<boolean>;
  visibility: Generated<Visibility>;
  price_minor: number | null;
  removed_reason: string | null;
  removed_by: RemovedBy | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** `watch_later`: the user's one Watch later list (migration 0035), theirs alone and never listed. */
  kind: Generated<'user' | 'watch_later'>;
}

export interface PlaylistVideosTable {
  playlist_id: string;
  video_id: string;
  position: Generated<number>;
  added_at: Timestamp;
}

export type PurchaseKind = 'video' | 'playlist' | 'uploads' | 'membership';
export type PurchaseStatus = 'pending' | 'settled' | 'failed' | 'refunded' | 'disputed';

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
  refunded_at: Date | null;
  refund_reason: string | null;
  /** The membership a `membership` purchase paid a period of. */
  membership_id: Generated<string | null>;
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

/** The `test` payment provider's own books (what it charged and refunded), keyed by our purchase id. */
export interface TestPaymentsTable {
  purchase_id: string;
  reference: string;
  amount_minor: number;
  status: 'pending' | 'settled' | 'failed' | 'refunded';
  created_at: Generated<Date>;
  refunded_at: Date | null;
}

/** A channel's one monthly membership offer. */
export interface MembershipOffersTable {
  channel_id: string;
  price_minor: number;
  perks: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type MembershipState = 'pending' | 'active' | 'cancelled' | 'failed' | 'ended';

/** A member of a channel; `active` or `cancelled` grants members-only videos until `current_period_end`. */
export interface MembershipsTable {
  id: string;
  channel_id: string;
  member_id: string;
  price_minor: number;
  state: Generated<MembershipState>;
  provider: string;
  provider_ref: string | null;
  current_period_end: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A creator's connected account at the payment provider (where payouts go). */
export interface PayoutAccountsTable {
  user_id: string;
  provider: string;
  account_ref: string;
  created_at: Generated<Date>;
}

/** Money sent to a creator; `failed` went back to their balance. */
export interface PayoutsTable {
  id: string;
  user_id: string;
  amount_minor: number;
  currency: string;
  state: Generated<'pending' | 'paid' | 'failed'>;
  provider: string;
  provider_ref: string | null;
  failure_reason: string | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

/** A disputed purchase (a chargeback): at most one per purchase, with its outcome once closed. */
export interface PurchaseDisputesTable {
  purchase_id: string;
  reference: string;
  opened_at: Generated<Date>;
  outcome: 'won' | 'lost' | null;
  closed_at: Date | null;
}

/** Every webhook event received, once per provider and event id; `applied_at` null while it waits for an earlier one. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  purchase_id: string | null;
  payload: unknown;
  received_at: Generated<Date>;
  applied_at: Date | null;
  outcome: string | null;
}

export interface JournalEntriesTable {
  id: string;
  /** The purchase or (exactly one of the two) the payout the entry books. */
  purchase_id: string | null;
  payout_id: Generated<string | null>;
  /** A purchase's sale, at most one refund reversing it, and at most one dispute (reversing it) and one dispute won (booking it again). */
  kind: Generated<JournalKind>;
  created_at: Timestamp;
}

export type JournalKind = 'sale' | 'refund' | 'dispute' | 'dispute_won' | 'payout' | 'payout_failed';

export type LedgerAccount = 'buyer_payments' | 'creator_earnings' | 'platform_revenue' | 'creator_payouts';

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

export type ReportTarget = 'video' | 'comment' | 'post' | 'channel';
export type ReportReason = 'violent' | 'hateful' | 'spam' | 'privacy' | 'rights' | 'rules' | 'thumbnail' | 'captions';
export type ReportState = 'open' | 'rejected' | 'actioned';

export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_type: ReportTarget;
  target_id: string;
  reason: ReportReason;
  text: Generated<string>;
  state: Generated<ReportState>;
  note: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  created_at: Timestamp;
}

/** Every staff action; appended, never changed or removed (the database refuses it). */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: Generated<string>;
  /** What the action changed (`user → admin`); '' for rows before migration 0042. */
  change: Generated<string>;
  created_at: Timestamp;
}

export type Registrations = 'open' | 'closed' | 'approval';

export interface InstanceSettingsTable {
  id: Generated<boolean>;
  registrations: Generated<Registrations>;
  default_upload_limit: number | null;
  default_storage_quota_bytes: number | null;
  instance_name: Generated<string>;
  instance_terms: Generated<string>;
  email_verification: Generated<'off' | 'required'>;
  updated_at: Timestamp;
}

export interface ChannelBlocksTable {
  channel_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

export interface ChannelBlockedWordsTable {
  channel_id: string;
  word: string;
}

/** A resumable upload not yet made into a video (migration 0013): its owner and declared length. */
export interface UnfinishedUploadsTable {
  id: string;
  owner_id: string;
  declared_bytes: number;
  claimed_at: Date | null;
  created_at: Timestamp;
}

/** A notification (migration 0016): `id` increases with time; its target rows are referenced. */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: string;
  type: NotificationKind;
  event_id: string;
  actor_id: string | null;
  video_id: string | null;
  comment_id: string | null;
  post_id: string | null;
  /** What has no row to read: a sale's title and amount, a takedown's reason, a report's target. */
  details: ColumnType<NotificationDetails, string | undefined, string>;
  read: Generated<boolean>;
  created_at: Generated<Date>;
}

/** The types of API.md §13, as the contract names them (the CHECK of 0016, widened by 0032, holds the same list). */
export type NotificationKind = NotificationType;

export interface NotificationDetails {
  title?: string;
  amountMinor?: number;
  reason?: string;
  targetType?: string;
}

/** Unread notifications per user, kept by triggers of 0016 (never counted per request). */
export interface NotificationCountsTable {
  user_id: string;
  unread: number;
}

/** The notification types a user changed (a missing row: on). */
export interface NotificationSettingsTable {
  user_id: string;
  type: NotificationKind;
  enabled: boolean;
}

/** A link mailed for one purpose (0030): only the sha256 of its token is kept. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify-email' | 'password-reset' | 'change-email';
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** The notification types a user gets by mail (a missing row: off). */
export interface NotificationMailSettingsTable {
  user_id: string;
  type: NotificationKind;
  enabled: boolean;
}

/** Per user: the last notification already mailed in a digest, and when the last digest went. */
export interface NotificationMailDigestsTable {
  user_id: string;
  mailed_up_to: Generated<number>;
  last_sent_at: Date | null;
}

/** An event in the outbox (migration 0015, events/outbox.ts): relayed to durable subscribers once. */
export interface EventOutboxTable {
  id: string;
  name: string;
  payload: ColumnType<unknown, string, never>;
  created_at: Generated<Date>;
  relayed_at: Date | null;
}

/** Co-watching (migration 0019, docs/recommendations.md): one row per viewer and video they watched or liked. */
export interface RecInteractionsTable {
  user_id: string;
  video_id: string;
  at: Date;
}
export interface RecVideoUsersTable {
  video_id: string;
  users: number;
}
export interface RecPairsTable {
  video_id: string;
  other_id: string;
  n: number;
}
export interface RecNeighboursTable {
  video_id: string;
  neighbour_id: string;
  score: number;
}
export interface RecStateTable {
  id: Generated<boolean>;
  read_until: Date;
}

/** Who asked for a live's state lately (migration 0023): viewers now. */
export interface LiveViewersTable {
  video_id: string;
  viewer_key: string;
  seen_at: Generated<Date>;
}

export interface UserTwoFactorTable {
  user_id: string;
  secret: string;
  enabled: Generated<boolean>;
  /** Stored as bigint: read back as a string. */
  last_step: string | null;
  recovery_hashes: Generated<string[]>;
}

/** A passkey (WebAuthn credential) of a user (migration 0047, features/passkeys). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url, as the browser names it. */
  credential_id: string;
  public_key: Buffer;
  /** Stored as bigint: read back as a string. */
  counter: Generated<string>;
  transports: Generated<string[]>;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

/** A challenge of a passkey options call, used once (migration 0047). */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'login';
  user_id: string | null;
  expires_at: Date;
}

/** An export of an account's data (migration 0040, features/account-export). */
export interface AccountExportsTable {
  id: string;
  user_id: string;
  state: Generated<'pending' | 'ready' | 'failed'>;
  storage_key: string | null;
  size_bytes: number | null;
  created_at: Generated<Date>;
  ready_at: Date | null;
  expires_at: Date | null;
}

export interface Database {
  account_exports: AccountExportsTable;
  user_two_factor: UserTwoFactorTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  users: UsersTable;
  sessions: SessionsTable;
  videos: VideosTable;
  video_captions: VideoCaptionsTable;
  video_likes: VideoLikesTable;
  video_views: VideoViewsTable;
  video_daily_stats: VideoDailyStatsTable;
  watch_history: WatchHistoryTable;
  subscriptions: SubscriptionsTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  playlists: PlaylistsTable;
  purchase_money_returns: PurchaseMoneyReturnsTable;
  playlist_videos: PlaylistVideosTable;
  purchases: PurchasesTable;
  entitlements: EntitlementsTable;
  test_payments: TestPaymentsTable;
  purchase_disputes: PurchaseDisputesTable;
  membership_offers: MembershipOffersTable;
  memberships: MembershipsTable;
  payout_accounts: PayoutAccountsTable;
  payouts: PayoutsTable;
  payment_events: PaymentEventsTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  rate_limits: RateLimitsTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
  instance_settings: InstanceSettingsTable;
  channel_blocks: ChannelBlocksTable;
  channel_blocked_words: ChannelBlockedWordsTable;
  unfinished_uploads: UnfinishedUploadsTable;
  event_outbox: EventOutboxTable;
  notifications: NotificationsTable;
  notification_counts: NotificationCountsTable;
  notification_settings: NotificationSettingsTable;
  account_tokens: AccountTokensTable;
  notification_mail_settings: NotificationMailSettingsTable;
  notification_mail_digests: NotificationMailDigestsTable;
  rec_interactions: RecInteractionsTable;
  rec_video_users: RecVideoUsersTable;
  rec_pairs: RecPairsTable;
  rec_neighbours: RecNeighboursTable;
  rec_state: RecStateTable;
  live_viewers: LiveViewersTable;
}
