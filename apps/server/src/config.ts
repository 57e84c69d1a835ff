import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LOCALES, USER_COOKIE_PASSPHRASE_DEFAULT } from '@streamhub/contract';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, as Fastify's `trustProxy` accepts them. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which peers' X-Forwarded-* headers count (Fastify's `trustProxy`): `false` (default: none),
 * `true` (any peer: only when nothing but the proxy can reach the app), or a comma-separated list
 * of proxy addresses, CIDR ranges and `loopback`/`linklocal`/`uniquelocal`. A hop count is refused:
 * it cannot tell a proxy from a client, and Fastify 5 ignores it (trusting no one).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string => {
    if (v === '' || v === 'false') return false;
    if (v === 'true') return true;
    const entries = v.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries.join(',');
    const message = /^\d+$/.test(v)
      ? 'a hop count cannot tell a proxy from a client: list the proxy addresses (e.g. 127.0.0.1 or 10.0.0.0/8)'
      : 'expected true, false, or proxy addresses / CIDR ranges separated by commas';
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** The web app's origins (`https://videos.example.com`), separated by commas; exact scheme, host and port. */
const origins = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const list = v === '' ? [] : v.split(',').map((e) => e.trim());
    for (const origin of list) {
      let parsed: string | null = null;
      try {
        parsed = new URL(origin).origin;
      } catch {
        parsed = null;
      }
      if (parsed !== origin) {
        ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://videos.example.com` });
        return z.NEVER;
      }
    }
    return list;
  });

const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Secret for signing media tokens; generated and kept under DATA_DIR when absent. */
  MEDIA_TOKEN_SECRET: z.string().min(16).optional(),
  /** The longest an exclusive-media token lives (each lasts 2 × its video's duration + 5 min, at least 10 min). */
  MEDIA_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 60 * 60),
  USER_COOKIE_PASSPHRASE: z.string().min(1).default(USER_COOKIE_PASSPHRASE_DEFAULT),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: trustProxy.default(false),
  APP_ORIGINS: origins.default([]),
  /**
   * The origin absolute links are built on (oEmbed, embeds, sitemap, robots.txt, canonical and
   * og: meta), e.g. `https://videos.example.com`; the request's own when absent (and then those
   * answers are never shared between clients: a forged Host must not reach anyone else).
   */
  PUBLIC_URL: z
    .string()
    .transform((v) => v.trim().replace(/\/+$/, ''))
    .pipe(origins)
    .refine((list) => list.length === 1, 'expected one origin like https://videos.example.com')
    .optional(),
  /**
   * Where mail goes (docs/accounts.md): `smtp://user:pass@host:port` or `smtps://…`. Unset: every
   * mail is written to DATA_DIR/mail/<time>-<to>.eml and its link logged.
   */
  MAIL_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('StreamHub <no-reply@localhost>'),
  /** A mail the server could not take (down, or a 4xx answer) is tried again after this long, for as long as it takes. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().positive().default(60),
  /** Notification mail is grouped in one digest at most this often. */
  MAIL_DIGEST_MINUTES: z.coerce.number().positive().default(60),
  UPLOAD_LIMIT_DEFAULT: z.coerce.number().int().min(0).default(5),
  /** The language of a visitor with no `lang` cookie and no shipped language in `Accept-Language` (API.md §21). */
  DEFAULT_LOCALE: z.enum(LOCALES).default('en'),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 2),
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_REGISTER_MAX: z.coerce.number().int().positive().default(1000),
  /** Account mail calls (forgot, reset, verify, resend, change of e-mail) per client address and minute, each. */
  RATE_LIMIT_ACCOUNT_MAIL_MAX: z.coerce.number().int().positive().default(10),
  /** Reports one user may file in an hour (docs/moderation.md). */
  RATE_LIMIT_REPORTS_MAX: z.coerce.number().int().positive().default(20),
  /**
   * Where rate limits count: `postgres` (shared by every process on the database; the default with
   * DATABASE_URL, where processes may be many) or `memory` (this process only; the default of the
   * embedded database, whose process is alone).
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).optional(),
  /** A second listener serving Prometheus metrics at /metrics (off unless set; never the public port). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON otherwise (a file, journald, a log shipper). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** `errors`: a line for each answer ≥ 500 or slower than a second; `all`: one line for every request. */
  LOG_REQUESTS: z.enum(['errors', 'all']).default('errors'),
  WEB_DIST_DIR: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).default(2),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** A transcode job expires (and is retried) after base + 4 × the video's duration. */
  JOB_EXPIRE_BASE_SECONDS: z.coerce.number().int().min(1).default(300),
  /** The platform's share of every creator sale, in percent (0–100; fractions allowed). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Who collects payments: `test` (the embedded default, no real money) or `stripe` (docs/paid-content.md). */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  /** The currency of every charge and payout (ISO 4217, lower case). */
  PAYMENT_CURRENCY: z
    .string()
    .regex(/^[a-zA-Z]{3}$/)
    .transform((c) => c.toLowerCase())
    .default('usd'),
  /** The least balance a payout sends, in currency units (smaller balances wait for more sales). */
  PAYOUT_MINIMUM: z.coerce.number().min(0.01).max(1_000_000).default(10),
  /** How often creators' balances are paid out. */
  PAYOUT_INTERVAL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 31)
    .default(24),
  /** Stripe's secret API key (`sk_…`), required with PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`), required with PAYMENT_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another host for the Stripe SDK (tests: a local stand-in of the API); unset: api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * How the `test` provider settles: `at-once` (every charge at once, as the spec's flows expect)
   * or `later` (every buy waits for the provider's signed webhook, as a hosted checkout does).
   */
  PAYMENT_TEST_SETTLE: z.enum(['at-once', 'later']).default('at-once'),
  /** The `test` provider's webhook signing secret (it moves no real money). */
  PAYMENT_TEST_WEBHOOK_SECRET: z.string().min(8).default('streamhub-test-provider'),
  /**
   * Lower CPU priority of ffmpeg (nice 0–19): 19 when it shares the machine with the API (ROLE=all),
   * as x264's many threads at nice 10 still doubled the API's p99 (bench/README.md).
   */
  ENCODER_NICE: z.coerce.number().int().min(0).max(19).optional(),
  /**
   * How long a public list page (home grid, search, channel filter, sorts) is kept in memory; the
   * events of every change it shows clear it at once (features/video-list/list-changes.ts). 0: never kept.
   */
  LIST_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * Counted views are added up in each process and written every this many ms in one statement
   * (features/videos/view-counter.ts); 0 writes each view at once.
   */
  VIEW_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How often an open notification stream gets a comment line (API.md §13: at least every 25 s),
   * so proxies and browsers keep it open and a dead connection is found.
   */
  NOTIFICATIONS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(25_000).default(20_000),
  /** Bytes of small media files (playlists, init segments, images) each HTTP process keeps in memory. */
  MEDIA_CACHE_MB: z.coerce.number().min(0).default(64),
  /**
   * HTTP processes (ROLE=all|api): `auto` = one per CPU with ROLE=all (`npm start`), one with
   * ROLE=api (see server.ts). With more than one,
   * the first process keeps the database, the job worker and the timers, and forks HTTP workers
   * that share the port (node:cluster).
   */
  HTTP_WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default('auto'),
  /** Temp files of uploads untouched this long are taken as abandoned and removed. */
  TMP_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How long a stop waits for requests in flight before it closes their connections. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(5),
  /** A request body that sends nothing for this long ends with 408 (0: never). */
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0).default(30),
  /** Where media live: `local` (DATA_DIR/media, served by the app) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  /** For S3-compatible services (MinIO, R2, Ceph…); AWS when absent. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Longest wait for the bucket in one S3 request: to open its connection, and for a byte either
   * way once open (a transfer that keeps moving is never cut). Past it the request fails as
   * unreachable storage (retried by the SDK, then waited out up to STORAGE_OUTAGE_MAX_MINUTES),
   * so a bucket that stops answering without closing its connections cannot hang a caller.
   */
  S3_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** Lifetime of the presigned GET an exclusive segment or MP4 is redirected to (S3 driver). */
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Origin (and path) public media are served from: a CDN or nginx; `/media` or the bucket when absent. */
  MEDIA_PUBLIC_BASE_URL: z
    .url()
    .or(z.string().regex(/^\/[\w./-]*$/, 'expected a URL or an absolute path'))
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Resumable uploads a user may hold unfinished (not yet made into a video) at once; each also takes an upload slot. */
  UPLOADS_UNFINISHED_MAX: z.coerce.number().int().min(1).default(3),
  /** Bytes a user's unfinished resumable uploads may declare together; MAX_VIDEO_BYTES × UPLOADS_UNFINISHED_MAX when absent. */
  UPLOADS_UNFINISHED_MAX_BYTES: z.coerce.number().int().positive().optional(),
  /** Unfinished resumable uploads (tus) are removed, bytes and all, this long after they were created. */
  UPLOAD_EXPIRE_HOURS: z.coerce.number().positive().default(24),
  /** Free space kept on DATA_DIR's disk: an upload that would leave less is refused (507); /api/health says `low`. */
  MIN_FREE_DISK_MB: z.coerce.number().min(0).default(1024),
  STORAGE_OUTAGE_MAX_MINUTES: z.coerce.number().min(0).default(30),
  /** How often the co-watch neighbours of recommendations read new history and likes. */
  RECOMMENDATIONS_REFRESH_SECONDS: z.coerce.number().positive().default(60),
  /** Largest caption file (WebVTT or SRT) an owner may upload (413 above; docs/captions.md). */
  CAPTION_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(16 * 1024 ** 2)
    .default(1024 ** 2),
  /** Who makes automatic captions after a transcode: `none`, `test` (tones of the audio track), `pocketsphinx` (docs/captions.md). */
  TRANSCRIBE_PROVIDER: z.enum(['none', 'test', 'pocketsphinx']).default('none'),
  /** RTMP ingest port of live streams (docs/live.md); 0 picks a free one (tests). */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  /** A live whose publisher went away for this long has ended (a return within it continues the live). */
  LIVE_GRACE_SECONDS: z.coerce.number().positive().default(30),
  /** Segments (2 s each) in a live playlist: how far back a viewer may go (DVR window). */
  LIVE_WINDOW_SEGMENTS: z.coerce.number().int().min(3).max(10_000).default(150),
  /** x264 preset of the live ladder: it must keep real time with every rung on a loaded 2-core machine (docs/live.md). */
  LIVE_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('ultrafast'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; everything else receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new Error('Invalid configuration: S3_BUCKET is required with STORAGE_DRIVER=s3');
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    throw new Error(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required with PAYMENT_PROVIDER=stripe',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    tmpDir: path.join(dataDir, 'tmp'),
    databaseUrl: e.DATABASE_URL,
    mediaTokenSecret: e.MEDIA_TOKEN_SECRET,
    mediaTokenTtlSeconds: e.MEDIA_TOKEN_TTL_SECONDS,
    userCookiePassphrase: e.USER_COOKIE_PASSPHRASE,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    /** Empty: the app's own origin, as the request names it (Host, and X-Forwarded-* from a trusted proxy). */
    appOrigins: e.APP_ORIGINS,
    /** Origin of absolute links (docs/sharing.md); undefined: the request's own. */
    publicUrl: e.PUBLIC_URL?.[0],
    mail: {
      url: e.MAIL_URL,
      from: e.MAIL_FROM,
      digestMs: e.MAIL_DIGEST_MINUTES * 60_000,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      /** Links in mail: PUBLIC_URL, else this machine at PORT (docs/accounts.md). */
      linkOrigin: e.PUBLIC_URL?.[0] ?? `http://localhost:${e.PORT}`,
      dir: path.join(dataDir, 'mail'),
    },
    uploadLimitDefault: e.UPLOAD_LIMIT_DEFAULT,
    defaultLocale: e.DEFAULT_LOCALE,
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    maxImageBytes: e.MAX_IMAGE_BYTES,
    rateLimit: {
      loginMax: e.RATE_LIMIT_LOGIN_MAX,
      registerMax: e.RATE_LIMIT_REGISTER_MAX,
      accountMailMax: e.RATE_LIMIT_ACCOUNT_MAIL_MAX,
      reportsPerHour: e.RATE_LIMIT_REPORTS_MAX,
      store: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'postgres' : 'memory'),
    },
    /** null: no metrics listener. */
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    logRequests: e.LOG_REQUESTS,
    webDistDir: e.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    ffmpegPath: e.FFMPEG_PATH ?? 'ffmpeg',
    ffprobePath: e.FFPROBE_PATH ?? 'ffprobe',
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    paymentProvider: e.PAYMENT_PROVIDER,
    payments: {
      testSettle: e.PAYMENT_TEST_SETTLE,
      testWebhookSecret: e.PAYMENT_TEST_WEBHOOK_SECRET,
      currency: e.PAYMENT_CURRENCY,
      payoutMinimum: e.PAYOUT_MINIMUM,
      payoutIntervalMs: Math.round(e.PAYOUT_INTERVAL_HOURS * 3600_000),
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY ?? '',
        webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
        apiBase: e.STRIPE_API_BASE ?? null,
      },
      /** Where a hosted checkout sends the buyer back: PUBLIC_URL, else this machine at PORT. */
      returnOrigin: e.PUBLIC_URL?.[0] ?? `http://localhost:${e.PORT}`,
    },
    encoderNice: e.ENCODER_NICE ?? (e.ROLE === 'all' ? 19 : 0),
    tmpMaxAgeMs: e.TMP_MAX_AGE_SECONDS * 1000,
    listCacheMs: e.LIST_CACHE_MS,
    viewFlushMs: e.VIEW_FLUSH_MS,
    mediaCacheBytes: Math.round(e.MEDIA_CACHE_MB * 1024 * 1024),
    notificationsHeartbeatMs: e.NOTIFICATIONS_HEARTBEAT_MS,
    httpWorkers: e.HTTP_WORKERS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    storage: {
      driver: e.STORAGE_DRIVER,
      publicBaseUrl: e.MEDIA_PUBLIC_BASE_URL,
      presignSeconds: e.S3_PRESIGN_SECONDS,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            timeoutMs: e.S3_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    },
    /** Caps on a user's unfinished resumable uploads: how many, and their declared bytes together. */
    uploadsUnfinished: {
      max: e.UPLOADS_UNFINISHED_MAX,
      maxBytes: e.UPLOADS_UNFINISHED_MAX_BYTES ?? e.MAX_VIDEO_BYTES * e.UPLOADS_UNFINISHED_MAX,
    },
    /** Resumable uploads (tus) land here with the local driver; the bucket's `uploads/` with S3. */
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadExpireMs: e.UPLOAD_EXPIRE_HOURS * 60 * 60 * 1000,
    recommendationsRefreshMs: e.RECOMMENDATIONS_REFRESH_SECONDS * 1000,
    captionMaxBytes: e.CAPTION_MAX_BYTES,
    transcribeProvider: e.TRANSCRIBE_PROVIDER,
    live: {
      rtmpPort: e.RTMP_PORT,
      graceMs: e.LIVE_GRACE_SECONDS * 1000,
      windowSegments: e.LIVE_WINDOW_SEGMENTS,
      preset: e.LIVE_PRESET,
    },
    minFreeDiskBytes: Math.round(e.MIN_FREE_DISK_MB * 1024 * 1024),
    /** How long a transcode waits out unreachable storage before it fails the video. */
    storageOutageMaxMs: e.STORAGE_OUTAGE_MAX_MINUTES * 60 * 1000,
    jobs: {
      retryLimit: e.JOB_RETRY_LIMIT,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      expireBaseSeconds: e.JOB_EXPIRE_BASE_SECONDS,
    },
  };
}
