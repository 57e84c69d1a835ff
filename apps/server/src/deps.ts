import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import type { JobHandlers, JobName } from './jobs/registry.ts';
import { timeJobs } from './jobs/timed.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { createTranscodeDeadHandler, createTranscodeHandler } from './features/videos/transcode.job.ts';
import { createPublishHandler, publishOverdue } from './features/videos/scheduled-publishing.ts';
import { moveLegacyExclusiveFolders } from './features/videos/legacy-folders.ts';
import { createRemovedMediaHandler } from './features/moderation/removed-media.job.ts';
import { createDb, migrateToLatest, type Db } from './db/database.ts';
import { createEvents, type Events } from './events/events.ts';
import { createEventDeliveryHandler, startRelay, type DurableSubscriber } from './events/durable.ts';
import { startEmbeddedPostgres, superviseEmbeddedPostgres, withUnsealedTables } from './db/embedded.ts';
import { loadOrCreateSecret } from './lib/secret-file.ts';
import { retryStartupStep, withStartupLock } from './db/startup.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { createSessionsRepo } from './features/sessions/sessions.repo.ts';
import { createSessionsService } from './features/sessions/sessions.service.ts';
import { createSubscriptionsRepo } from './features/subscriptions/subscriptions.repo.ts';
import { createSubscriptionsService } from './features/subscriptions/subscriptions.service.ts';
import { createCommentsService } from './features/comments/comments.service.ts';
import { createUsersRepo } from './features/users/users.repo.ts';
import { createChannels } from './features/users/channels.ts';
import { createAccountDeletion } from './features/users/account-deletion.ts';
import { createAccountExportService } from './features/account-export/account-export.service.ts';
import { createAccountExportHandler } from './features/account-export/account-export.job.ts';
import { createAccountExportRepo } from './features/account-export/account-export.repo.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createTwoFactorService } from './features/two-factor/two-factor.service.ts';
import { createPasskeysService } from './features/passkeys/passkeys.service.ts';
import { createLoginAttempts } from './features/users/login-attempts.ts';
import { createPostgresRateCounters, createRateCounters } from './db/rate-counters.ts';
import { createMediaTokens } from './features/media/media-tokens.ts';
import { createMediaGate } from './features/media/media-gate.ts';
import { createAccessService } from './features/access/access.service.ts';
import { createAuditService } from './features/audit/audit.service.ts';
import { createAdminService } from './features/admin/admin.service.ts';
import { createSettingsService } from './features/settings/settings.service.ts';
import { createChannelBlocksService } from './features/channel-blocks/channel-blocks.service.ts';
import { createPlaylistsService } from './features/playlists/playlists.service.ts';
import { createLedgerService } from './features/ledger/ledger.service.ts';
import { createPaymentProvider } from './features/purchases/create-payment-provider.ts';
import type { PaymentProvider } from './features/purchases/payment-provider.ts';
import { createPayoutsService } from './features/payouts/payouts.service.ts';
import { createMembershipsService } from './features/memberships/memberships.service.ts';
import { createPurchasesService } from './features/purchases/purchases.service.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { createModerationService } from './features/moderation/moderation.service.ts';
import { createRemovals } from './features/moderation/removals.ts';
import { createVideosRepo } from './features/videos/videos.repo.ts';
import { createVideosService } from './features/videos/videos.service.ts';
import { createViewCounter } from './features/videos/view-counter.ts';
import { createAddressCap } from './features/videos/address-cap.ts';
import { createCaptionsRepo } from './features/captions/captions.repo.ts';
import { createCaptionsService } from './features/captions/captions.service.ts';
import { createTranscribeHandler } from './features/captions/transcribe.job.ts';
import { createTranscribeProvider } from './features/captions/transcribe.ts';
import { publishCaptionsOfReadyVideo } from './features/captions/publish-captions-of-ready-video.ts';
import { createAnalyticsRepo } from './features/analytics/analytics.repo.ts';
import { createAnalyticsService } from './features/analytics/analytics.service.ts';
import { createProgressTracker } from './features/analytics/progress-tracker.ts';
import type { ProgressSink } from './features/analytics/progress-relay.ts';
import { createVideoListRepo } from './features/video-list/video-list.repo.ts';
import { createVideoListService } from './features/video-list/video-list.service.ts';
import { createLikesRepo } from './features/likes/likes.repo.ts';
import { createLikesService } from './features/likes/likes.service.ts';
import { createHistoryRepo } from './features/history/history.repo.ts';
import { createHistoryService } from './features/history/history.service.ts';
import { createDashboardRepo } from './features/dashboard/dashboard.repo.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { createPostsRepo } from './features/posts/posts.repo.ts';
import { createPostsService } from './features/posts/posts.service.ts';
import { createSharingService } from './features/sharing/sharing.service.ts';
import { createRecommendationsRepo } from './features/recommendations/recommendations.repo.ts';
import { createRecommendationsService } from './features/recommendations/recommendations.service.ts';
import { startRecommendationsRefresh } from './features/recommendations/refresh-timer.ts';
import { startExpiredUploadsSweep } from './features/uploads/expired-uploads-sweep.ts';
import { startPurchaseRecovery } from './features/purchases/recovery-timer.ts';
import { startChore } from './lib/chore.ts';
import { createUploadsService } from './features/uploads/uploads.service.ts';
import { createLiveRepo } from './features/live/live.repo.ts';
import { createLiveIngest } from './features/live/live-ingest.ts';
import { createLiveService } from './features/live/live.service.ts';
import { createNotificationsService } from './features/notifications/notifications.service.ts';
import { createNotificationSourcesRepo } from './features/notifications/notification-sources.repo.ts';
import { notifySubscribersOfPublishedVideo } from './features/notifications/subscribers/notify-subscribers-of-published-video.ts';
import { notifyUploaderOfProcessedVideo } from './features/notifications/subscribers/notify-uploader-of-processed-video.ts';
import { notifyOwnerOfNewComment } from './features/notifications/subscribers/notify-owner-of-new-comment.ts';
import { notifyAuthorOfReply } from './features/notifications/subscribers/notify-author-of-reply.ts';
import { notifySellerOfSale } from './features/notifications/subscribers/notify-seller-of-sale.ts';
import { notifyOwnerOfModeration } from './features/notifications/subscribers/notify-owner-of-moderation.ts';
import { notifyReporterOfResolvedReport } from './features/notifications/subscribers/notify-reporter-of-resolved-report.ts';
import { notifyStaffOfNewReport } from './features/notifications/subscribers/notify-staff-of-new-report.ts';
import { returnMoneyOfRefundedPurchase } from './features/purchases/return-money-of-refunded-purchase.ts';
import { forgetNotificationsOfDeletedVideo } from './features/notifications/subscribers/forget-notifications-of-deleted-video.ts';
import { createAccountMailService } from './features/account-mail/account-mail.service.ts';
import { createAccountMailHandlers } from './features/account-mail/account-mail.jobs.ts';
import { createMailer } from './features/mail/mailer.ts';
import { createSendMailHandler } from './features/mail/send-mail.job.ts';
import { createDigestHandler, startDigestSweep } from './features/notifications/notification-digest.ts';
import { createCookieJar } from './plugins/auth.ts';
import { startTmpSweeper } from './lib/tmp-sweeper.ts';
import { freeBytes } from './storage/disk-space.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';

export interface Infra {
  config: Config;
  queue: JobQueue;
  /** What happened, published in the transaction of the change and delivered after commit (docs/architecture.md, "Events"). */
  events: Events;
  /** HMAC secret for media tokens: from config, or generated once under DATA_DIR. */
  mediaSecret: string;
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Replaces the provider PAYMENT_PROVIDER names (tests use a hosted-checkout fake). */
  paymentProvider?: PaymentProvider;
  /** Prometheus metrics of this process; absent where nobody reads them (most tests). */
  metrics?: Metrics;
  /** A cluster's HTTP worker: heartbeats go to the primary's tracker (features/analytics/progress-relay.ts). */
  progressRelay?: ProgressSink;
}

/** The composition root: every service is wired here and nowhere else. */
export function createServices(infra: Infra) {
  const { config, db, storage, mediaSecret, queue } = infra;
  const tokens = createMediaTokens(mediaSecret, config.mediaTokenTtlSeconds);
  const sessions = createSessionsService(createSessionsRepo(db), config.sessionTtlMs, { db, events: infra.events });
  const access = createAccessService({ db, uploadLimitDefault: config.uploadLimitDefault });
  const mediaGate = createMediaGate({ access, tokens });
  const audit = createAuditService(db);
  const settings = createSettingsService({ db, access, audit });
  const channelBlocks = createChannelBlocksService(db);
  const channels = createChannels(db);
  const playlists = createPlaylistsService({ db, access, channels });
  const subscriptions = createSubscriptionsService(createSubscriptionsRepo(db), channels);
  const loginAttempts = createLoginAttempts(createRateCounters(config.rateLimit.store, db), config.rateLimit.loginMax);
  const accountMail = createAccountMailService({
    db,
    queue,
    counters: createRateCounters(config.rateLimit.store, db),
    linkOrigin: config.mail.linkOrigin,
    defaultLocale: config.defaultLocale,
  });
  const twoFactor = createTwoFactorService({ db });
  const passkeys = createPasskeysService({ db });
  const users = createUsersService({
    repo: createUsersRepo(db),
    twoFactor,
    sessions,
    storage,
    subscriptions,
    playlists,
    loginAttempts,
    settings,
    events: infra.events,
    defaultLocale: config.defaultLocale,
    verification: {
      send: (userId) => accountMail.sendVerification(userId),
      remind: (userId) => accountMail.remindVerification(userId),
    },
  });
  const ledger = createLedgerService({ db, feePercent: config.platformFeePercent });
  const provider = infra.paymentProvider ?? createPaymentProvider(config, db);
  const purchases = createPurchasesService({ db, access, ledger, provider, events: infra.events, log: infra.log, audit });
  const memberships = createMembershipsService({ db, purchases, provider });
  const payouts = createPayoutsService({
    db,
    provider,
    currency: config.payments.currency,
    minimumMinor: Math.round(config.payments.payoutMinimum * 100),
    log: infra.log,
  });
  purchases.handlePayoutEvents((e) => payouts.apply(e));
  // Written every VIEW_FLUSH_MS; the app writes what is left when it closes (app.ts).
  const views = createViewCounter({ repo: createVideosRepo(db), flushMs: config.viewFlushMs, log: infra.log });
  const captions = createCaptionsService({ repo: createCaptionsRepo(db), storage, access, events: infra.events });
  const videos = createVideosService({
    repo: createVideosRepo(db),
    storage,
    config,
    tokens,
    queue,
    channels,
    subscriptions,
    access,
    events: infra.events,
    refunds: purchases,
    views,
    // Always in PostgreSQL: every process of every layout counts an address's views together.
    viewsPerAddress: createAddressCap(createPostgresRateCounters(db)),
    captions,
  });
  const uploads = createUploadsService({ config, db, storage, access, log: infra.log });
  // Heartbeats are added up like views and written every VIEW_FLUSH_MS; the app writes what is left when it closes.
  const analyticsRepo = createAnalyticsRepo(db);
  const progress = createProgressTracker({
    write: (b) => analyticsRepo.addProgress(b),
    flushMs: config.viewFlushMs,
    log: infra.log,
  });
  const analytics = createAnalyticsService({ repo: analyticsRepo, access, tracker: infra.progressRelay ?? progress });
  const videoList = createVideoListService(createVideoListRepo(db), { events: infra.events, cacheMs: config.listCacheMs });
  const posts = createPostsService(createPostsRepo(db), channels);
  // `watch` is the rule of everything done to a video: one line to swap for another gate.
  const comments = createCommentsService({ db, events: infra.events }, { watch: access, posts, channel: channelBlocks });
  const likes = createLikesService(createLikesRepo(db), { watch: access, comments, posts });
  const history = createHistoryService(createHistoryRepo(db), access);
  const recommendations = createRecommendationsService({ repo: createRecommendationsRepo(db), access });
  const dashboard = createDashboardService(createDashboardRepo(db), { channels, subscriptions, posts, playlists });
  const reports = createReportsService({
    db,
    access,
    audit,
    counters: createRateCounters(config.rateLimit.store, db),
    perHour: config.rateLimit.reportsPerHour,
    events: infra.events,
  });
  const moderation = createModerationService({
    db,
    access,
    audit,
    removals: createRemovals({ queue, events: infra.events }),
    purchases,
    reports,
    events: infra.events,
    sessions,
  });
  const admin = createAdminService({
    db,
    access,
    audit,
    settings,
    queue,
    uploadLimitDefault: config.uploadLimitDefault,
    uploads,
  });
  const notifications = createNotificationsService({ db, events: infra.events });
  const accountExports = createAccountExportService({ db, queue, storage });
  const accountDeletion = createAccountDeletion({
    db,
    purchases,
    sessions,
    events: infra.events,
    queue,
    storage,
    uploads,
    twoFactor,
    audit,
    access,
    log: infra.log,
  });
  const sharing = createSharingService({ db, videos, settings, publicUrl: storage.publicUrl });
  // Lives: the routes' service everywhere; the RTMP ingest runs where jobs run (startWorker), in one process at a time.
  const liveIngest = createLiveIngest({
    db,
    repo: createLiveRepo(db),
    storage,
    config,
    events: infra.events,
    queue,
    log: infra.log,
  });
  const live = createLiveService({
    repo: createLiveRepo(db),
    storage,
    access,
    events: infra.events,
    rtmpPort: () => liveIngest.port() ?? config.live.rtmpPort,
  });
  return {
    access,
    mediaGate,
    audit,
    admin,
    settings,
    sharing,
    channelBlocks,
    playlists,
    ledger,
    purchases,
    memberships,
    payouts,
    reports,
    moderation,
    comments,
    posts,
    config,
    sessions,
    users,
    accountMail,
    twoFactor,
    passkeys,
    videos,
    views,
    captions,
    progress,
    analytics,
    uploads,
    subscriptions,
    videoList,
    likes,
    history,
    dashboard,
    notifications,
    accountDeletion,
    accountExports,
    recommendations,
    live,
    liveIngest,
    cookies: createCookieJar(config, storage.publicUrl),
  };
}

export type AppDeps = Infra & { services: ReturnType<typeof createServices> };

/**
 * Opens the real parts (database, storage) for a process; `close` releases them. The embedded
 * database is started again if it dies; `onFatal` is called when it cannot be (the process should
 * then exit non-zero, for its supervisor to restart it). With the embedded database the process
 * first takes DATA_DIR for itself (`DataDirInUseError` when another process holds it). A start-up
 * that fails leaves nothing running (no database, no pool); `signal` ends one that is waiting for
 * its database.
 */
export async function createDeps(
  config: Config,
  log: Infra['log'],
  opts: {
    onFatal: (err: unknown) => void;
    /** An HTTP worker of a cluster: no temp sweeping (its primary sweeps), job nudges go to the primary. */
    httpWorker?: { relayNudge(name: JobName): void; progress?: ProgressSink };
    signal?: AbortSignal;
  },
): Promise<AppDeps & { close(): Promise<void>; databaseUrl: string }> {
  await fs.mkdir(config.dataDir, { recursive: true });
  // The embedded database is this process's alone: nothing under DATA_DIR is touched before that is sure.
  const dataDirLock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  let embedded: ReturnType<typeof superviseEmbeddedPostgres> | undefined;
  let db: Db | undefined;
  let jobQueue: JobQueue | undefined;
  try {
    await fs.mkdir(config.tmpDir, { recursive: true });
    const url = config.databaseUrl ?? (embedded = await startEmbedded(config, log, opts.onFatal)).url();
    db = createDb(url);
    const prepare = (d: Db) => prepareDatabase(url, d, config, log, opts.signal);
    // The app role runs the migrations; the append-only tables are sealed again after them (db/embedded.ts).
    jobQueue = await (embedded ? withUnsealedTables(embedded.superuserUrl(), () => prepare(db!)) : prepare(db));
    return await openParts(config, log, opts, { url, db, jobQueue, embedded, dataDirLock });
  } catch (err) {
    await jobQueue?.stop().catch(() => {});
    await db?.destroy().catch(() => {});
    await embedded?.stop().catch(() => {});
    await dataDirLock?.release();
    throw err;
  }
}

/** The embedded PostgreSQL under DATA_DIR/pg, watched and started again when it dies. */
async function startEmbedded(config: Config, log: Infra['log'], onFatal: (err: unknown) => void) {
  const dir = path.join(config.dataDir, 'pg');
  const first = announcePostmaster(await startEmbeddedPostgres(dir, (m) => log.warn(m)));
  const again = async () => announcePostmaster(await startEmbeddedPostgres(dir, (m) => log.warn(m), { port: first.port }));
  return superviseEmbeddedPostgres(first, again, {
    log: (msg, err) => (err ? log.warn({ err: String(err) }, msg) : log.warn(msg)),
    onGiveUp: (err) => {
      log.error({ err: String(err) }, 'PostgreSQL could not be started again');
      onFatal(err);
    },
  });
}

/**
 * Under `npm start` (scripts/start.mjs, which sets STREAMHUB_LAUNCHER), tells the launcher which
 * postmaster this process started: killed outright (SIGKILL), this process cannot stop it, and
 * the launcher does (docs/deploy.md).
 */
function announcePostmaster<T extends { pid: number | null; dir: string }>(server: T): T {
  if (process.env.STREAMHUB_LAUNCHER === '1' && process.send && server.pid !== null) {
    process.send({ type: 'streamhub:postmaster', pid: server.pid, dir: server.dir });
  }
  return server;
}

/**
 * The schema steps of start-up (migrations, then the job queue's tables and queues), under the
 * start-up lock so that processes started together take turns, and run again while they fail
 * transiently (database not up yet, a deadlock): a replica waits for its database, never dies of it.
 */
async function prepareDatabase(url: string, db: Db, config: Config, log: Infra['log'], signal?: AbortSignal) {
  return retryStartupStep(
    () =>
      withStartupLock(url, async () => {
        await migrateToLatest(db);
        return createJobQueue(url, config);
      }),
    {
      signal,
      onRetry: (err, attempt) => log.warn({ err: String(err), attempt }, 'database not ready at start-up; trying again'),
    },
  );
}

/** Everything that runs on the prepared database: secrets, sweepers, metrics, listeners, services. */
async function openParts(
  config: Config,
  log: Infra['log'],
  opts: Parameters<typeof createDeps>[2],
  parts: {
    url: string;
    db: Db;
    jobQueue: JobQueue;
    embedded?: { stop(): Promise<void> };
    dataDirLock?: { release(): Promise<void> };
  },
) {
  const { url, db, jobQueue, embedded, dataDirLock } = parts;
  const mediaSecret = config.mediaTokenSecret ?? (await loadOrCreateSecret(path.join(config.dataDir, 'secrets', 'media-token')));
  // The jobs of an HTTP worker's uploads run in its primary, whose loop is woken from here.
  const queue: JobQueue = opts.httpWorker ? { ...jobQueue, nudge: opts.httpWorker.relayNudge } : jobQueue;
  // Alone on DATA_DIR with the embedded database; processes sharing one use DATABASE_URL.
  const sweeper = opts.httpWorker
    ? undefined
    : await startTmpSweeper(config.tmpDir, {
        maxAgeMs: config.tmpMaxAgeMs,
        exclusive: !config.databaseUrl,
        log: (obj, msg) => log.warn(obj, msg),
      });
  // The queue gauges come from the process that exports them; a cluster's HTTP workers' metrics
  // are added up in their primary (ops/metrics.ts), which reports the queue once.
  const metrics = createMetrics({
    role: config.role,
    ...(opts.httpWorker
      ? {}
      : {
          queueStats: () => queue.stats(),
          diskFreeBytes: () => freeBytes(config.dataDir),
          databaseUp: () => sql`select 1`.execute(db).then(() => true),
        }),
  });
  // One LISTEN connection for every event (events/events.ts).
  const events = createEvents(url, { log });
  const infra: Infra = {
    config,
    db,
    storage: createStorage(config),
    log,
    mediaSecret,
    queue,
    events,
    metrics,
    progressRelay: opts.httpWorker?.progress,
  };
  const services = createServices(infra);
  // The chores of the process that owns DATA_DIR's (not every HTTP worker of a cluster).
  const uploadSweep = opts.httpWorker ? undefined : startExpiredUploadsSweep(services.uploads, config.uploadExpireMs, log);
  const purchaseRecovery = opts.httpWorker ? undefined : startPurchaseRecovery(services.purchases, log);
  // Memberships a provider bills without webhooks (the test provider settling at once) renew near their period's end.
  const membershipRenewals = opts.httpWorker
    ? undefined
    : startChore({
        run: () => services.purchases.renewDueMemberships(),
        everyMs: 10 * 60_000,
        log,
        failed: 'memberships not renewed',
      });
  // Creators' balances paid out on a schedule (docs/paid-content.md, "Payouts").
  const payoutRun = opts.httpWorker
    ? undefined
    : startChore({
        run: () => services.payouts.run(),
        everyMs: config.payments.payoutIntervalMs,
        log,
        failed: 'payouts not sent',
      });
  // Account exports past their 7 days go, zip and row (features/account-export).
  const exportSweep = opts.httpWorker
    ? undefined
    : startChore({
        run: () => services.accountExports.removeExpired(),
        everyMs: 60 * 60_000,
        log,
        failed: 'expired exports not removed',
      });
  // Co-watch neighbours follow new history and likes where jobs run (one refresh at a time across processes).
  const recommendationsRefresh =
    opts.httpWorker || config.role === 'api'
      ? undefined
      : startRecommendationsRefresh(services.recommendations, config.recommendationsRefreshMs, log);
  return {
    ...infra,
    services,
    databaseUrl: url,
    async close() {
      // Streams stop first: their last segments are stored while the database still answers.
      await services.liveIngest.stop();
      await uploadSweep?.stop();
      await purchaseRecovery?.stop();
      await payoutRun?.stop();
      await membershipRenewals?.stop();
      await exportSweep?.stop();
      // A cluster's primary counts its workers' heartbeats without an app of its own: written here.
      await services.progress.close();
      await recommendationsRefresh?.stop();
      sweeper?.stop();
      await queue.stop();
      await events.close();
      await db.destroy();
      await embedded?.stop();
      // Last: the folder is free once its database has stopped.
      await dataDirLock?.release();
    },
  };
}

/**
 * Every durable subscriber (events/durable.ts): one file each, named for what it does, in the
 * feature it belongs to. Run at least once per committed event, in worker processes.
 */
export function createDurableSubscribers(infra: Infra, services: AppDeps['services']): DurableSubscriber[] {
  const { notifications } = services;
  const sources = createNotificationSourcesRepo(infra.db);
  return [
    notifySubscribersOfPublishedVideo({ notifications }),
    notifyUploaderOfProcessedVideo('video.ready', { notifications, sources }),
    notifyUploaderOfProcessedVideo('video.failed', { notifications, sources }),
    notifyOwnerOfNewComment({ notifications, sources }),
    notifyAuthorOfReply({ notifications, sources }),
    notifySellerOfSale({ notifications, sources }),
    notifyOwnerOfModeration('moderation.takedown', { notifications, sources }),
    notifyOwnerOfModeration('moderation.restored', { notifications, sources }),
    notifyReporterOfResolvedReport({ notifications, sources }),
    notifyStaffOfNewReport({ notifications }),
    returnMoneyOfRefundedPurchase({ purchases: services.purchases, log: infra.log }),
    forgetNotificationsOfDeletedVideo({ notifications }),
    publishCaptionsOfReadyVideo({
      captions: services.captions,
      queue: infra.queue,
      transcribe: {
        enabled: infra.config.transcribeProvider !== 'none',
        // Expires (and is retried) after base + 4 × duration, as a transcode does.
        expireInSeconds: (duration) => Math.ceil(infra.config.jobs.expireBaseSeconds + 4 * duration),
      },
      duration: async (videoId) => (await createVideosRepo(infra.db).findById(videoId))?.duration,
    }),
  ];
}

/** What moving a video's files takes (features/videos/move-video-folder.ts). */
const folderMoveParts = (infra: Infra) => ({ repo: createVideosRepo(infra.db), storage: infra.storage, events: infra.events });

/** Every job's handler, in one table the compiler checks against the job registry. */
export function createJobHandlers(infra: Infra, subscribers: DurableSubscriber[]): JobHandlers {
  const handlers: JobHandlers = {
    'video.transcode': createTranscodeHandler({
      repo: createVideosRepo(infra.db),
      storage: infra.storage,
      config: infra.config,
      events: infra.events,
      log: infra.log,
      metrics: infra.metrics,
    }),
    'video.transcode.dead': createTranscodeDeadHandler({
      repo: createVideosRepo(infra.db),
      storage: infra.storage,
      events: infra.events,
    }),
    'video.media.move': createRemovedMediaHandler(folderMoveParts(infra)),
    'video.publish': createPublishHandler({ repo: createVideosRepo(infra.db), events: infra.events }),
    'video.transcribe': createTranscribeHandler({
      provider: createTranscribeProvider(infra.config.transcribeProvider),
      repo: createCaptionsRepo(infra.db),
      captions: createCaptionsService({
        repo: createCaptionsRepo(infra.db),
        storage: infra.storage,
        access: createAccessService({ db: infra.db, uploadLimitDefault: infra.config.uploadLimitDefault }),
        events: infra.events,
      }),
      storage: infra.storage,
      workRoot: path.join(infra.config.dataDir, 'work'),
      nice: infra.config.encoderNice,
      findVideo: (videoId) => createVideosRepo(infra.db).findById(videoId),
    }),
    'event.deliver': createEventDeliveryHandler(subscribers, infra.log),
    'account.export': createAccountExportHandler({
      repo: createAccountExportRepo(infra.db),
      storage: infra.storage,
      config: infra.config,
      notifications: createNotificationsService({ db: infra.db, events: infra.events }),
      log: infra.log,
    }),
    ...mailHandlers(infra),
  };
  return infra.metrics ? timeJobs(handlers, infra.metrics) : handlers;
}

/** Every mail's job (docs/accounts.md): one mailer (SMTP, or files under DATA_DIR/mail) for all. */
function mailHandlers(infra: Infra) {
  const { mail } = infra.config;
  const mailer = createMailer(mail, infra.log);
  const links = {
    secret: infra.mediaSecret,
    linkOrigin: mail.linkOrigin,
    retrySeconds: mail.retrySeconds,
    defaultLocale: infra.config.defaultLocale,
  };
  return {
    'mail.send': createSendMailHandler(mailer, mail.retrySeconds),
    ...createAccountMailHandlers({ db: infra.db, mailer, ...links }),
    'mail.digest': createDigestHandler({ db: infra.db, mailer, digestMs: mail.digestMs, ...links }),
  };
}

/**
 * Runs the job handlers in this process, and the event relay that feeds durable subscribers
 * (both stop with the queue). `exclusive`: no other worker shares the queue.
 */
export async function startWorker(deps: AppDeps, opts: { exclusive: boolean }) {
  const infra: Infra = deps;
  if (opts.exclusive) {
    const recovered = await infra.queue.recoverOrphans();
    if (recovered) infra.log.warn({ recovered }, 'requeued jobs left running by a stopped process');
  }
  // Before jobs run and (ROLE=all) before the port opens: `videos/` then holds open videos only,
  // which the nginx profile relies on. One rename per video on local disk.
  await moveLegacyExclusiveFolders(folderMoveParts(infra)).then(
    (moved) => moved && infra.log.info({ moved }, 'moved exclusive videos out of the public videos/ folder'),
    (err: unknown) => infra.log.error({ err }, 'moving exclusive videos out of videos/ failed; tried again at the next start'),
  );
  // Scheduled videos whose time passed without their job (failed for good): public now (docs/chapters-and-scheduling.md).
  await publishOverdue({ repo: createVideosRepo(infra.db), events: infra.events }).then(
    (published) => published && infra.log.warn({ published }, 'published scheduled videos whose time had passed'),
    (err: unknown) => infra.log.error({ err }, 'publishing overdue scheduled videos failed; their jobs or the next start will'),
  );
  const subscribers = createDurableSubscribers(infra, deps.services);
  await infra.queue.work(createJobHandlers(infra, subscribers), infra.log);
  startRelay({ db: infra.db, queue: infra.queue, events: infra.events, subscribers, log: infra.log });
  // Notification digests come due where jobs run (features/notifications/notification-digest.ts).
  startDigestSweep({ db: infra.db, queue: infra.queue, digestMs: infra.config.mail.digestMs, log: infra.log });
  // Next to the workers (ARCHITECTURE.md): the process holding the ingest lock listens on RTMP_PORT.
  deps.services.liveIngest.start();
}
