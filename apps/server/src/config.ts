import path from 'node:path';
import { z } from 'zod';
import { USER_COOKIE_PASSPHRASE_DEFAULT } from '@streamhub/contract';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Secret for signing media tokens; generated and kept under DATA_DIR when absent. */
  MEDIA_TOKEN_SECRET: z.string().min(16).optional(),
  MEDIA_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 60 * 60),
  USER_COOKIE_PASSPHRASE: z.string().min(1).default(USER_COOKIE_PASSPHRASE_DEFAULT),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  COOKIE_SECURE: bool.optional(),
  UPLOAD_LIMIT_DEFAULT: z.coerce.number().int().min(0).default(5),
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
  RATE_LIMIT_REGISTER_MAX: z.coerce.number().int().positive().default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).default(2),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** A transcode job expires (and is retried) after base + 4 × the video's duration. */
  JOB_EXPIRE_BASE_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Lower CPU priority of ffmpeg (nice 0–19): 19 when it shares the machine with the API (ROLE=all),
   * as x264's many threads at nice 10 still doubled the API's p99 (bench/README.md).
   */
  ENCODER_NICE: z.coerce.number().int().min(0).max(19).optional(),
  /** Temp files of uploads untouched this long are taken as abandoned and removed. */
  TMP_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How long a stop waits for requests in flight before it closes their connections. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(5),
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
    uploadLimitDefault: e.UPLOAD_LIMIT_DEFAULT,
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    maxImageBytes: e.MAX_IMAGE_BYTES,
    rateLimit: { loginMax: e.RATE_LIMIT_LOGIN_MAX, registerMax: e.RATE_LIMIT_REGISTER_MAX },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    ffmpegPath: e.FFMPEG_PATH ?? 'ffmpeg',
    ffprobePath: e.FFPROBE_PATH ?? 'ffprobe',
    encoderNice: e.ENCODER_NICE ?? (e.ROLE === 'all' ? 19 : 0),
    tmpMaxAgeMs: e.TMP_MAX_AGE_SECONDS * 1000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    jobs: {
      retryLimit: e.JOB_RETRY_LIMIT,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      expireBaseSeconds: e.JOB_EXPIRE_BASE_SECONDS,
    },
  };
}
