/**
 * The numbers and lists both sides enforce, without schemas: the web app imports these (and the
 * other schema-free modules: password strength, timestamps, share markup, days) without loading
 * zod or building a single schema, which cost a phone ~0.4 s of main thread on every first page.
 * The schemas that check them import them from here.
 */

// visibility (API.md §18)
/** Who may find and watch a video or playlist: everyone, whoever has the link, its owner alone. */
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;

// admin
/** The largest upload limit or quota an admin may set: far above any real need, far below 2^53. */
export const MAX_UPLOAD_LIMIT = 1_000_000;
export const MAX_STORAGE_QUOTA_BYTES = 2 ** 50;

// analytics
/** The player sends a progress heartbeat at most this often while playing (API.md §16). */
export const HEARTBEAT_INTERVAL_SECONDS = 15;
/** The retention curve's points: 0 %, 5 % … 100 % of the duration. */
export const RETENTION_POINTS = 21;
/** The studio's range when none is asked for, and the longest one may ask for (days, both ends counted). */
export const DEFAULT_ANALYTICS_DAYS = 28;
export const MAX_ANALYTICS_DAYS = 366;

// channel-blocks
export const BLOCKED_WORDS_MAX = 200;
export const BLOCKED_WORD_MAX_LENGTH = 100;

// comments
export const COMMENT_MAX_LENGTH = 5000;

// live
/** How often a watch page asks GET /api/live/:videoId (the viewers count's heartbeat). */
export const LIVE_POLL_MS = 10_000;

// notifications
export const NOTIFICATIONS_PAGE_SIZE = 20;

// playlists
export const PLAYLIST_MIN_PRICE = 20;
export const PLAYLIST_DEFAULT_PRICE = 30;
export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;

// posts
export const POST_MAX_LENGTH = 5000;

// videos
export const VIDEO_TITLE_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 5000;

// purchases
/** Buy Uploads: 5 more upload slots for 20 each time (SPEC.md §9). */
export const UPLOAD_SLOTS_PER_PURCHASE = 5;
export const UPLOAD_SLOTS_PRICE = 20;

// reports
export const REPORT_TEXT_MAX = 2000;

// users
/** API.md §2: the fixed, public passphrase of the `user` cookie (configurable on the server). */
export const USER_COOKIE_PASSPHRASE_DEFAULT = 'streamhub-user-cookie-v1';

// videos
export const SORT_FIELDS = ['likes', 'duration', 'views'] as const;
/** API.md §6: an exclusive video costs at least 5 (the form's default). */
export const MIN_VIDEO_PRICE = 5;
