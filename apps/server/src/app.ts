import http from 'node:http';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import { readinessRoutes, storageReachable } from './ops/readiness.ts';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { hearOwnEventsBeforeReplying } from './events/events.ts';
import { createMediaHandler, isMediaRequest, mediaRoutes } from './features/media/media.routes.ts';
import { channelVideosRoutes, videosRoutes } from './features/videos/videos.routes.ts';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { commentsRoutes } from './features/comments/comments.routes.ts';
import { postsRoutes } from './features/posts/posts.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { accountMailRoutes } from './features/account-mail/account-mail.routes.ts';
import { accountExportRoutes } from './features/account-export/account-export.routes.ts';
import { notificationMailRoutes } from './features/notifications/notification-mail.routes.ts';
import { twoFactorRoutes } from './features/two-factor/two-factor.routes.ts';
import { passkeysRoutes } from './features/passkeys/passkeys.routes.ts';
import { createListPages, videoListRoutes } from './features/video-list/video-list.routes.ts';
import { likesRoutes } from './features/likes/likes.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { playlistsRoutes } from './features/playlists/playlists.routes.ts';
import { purchasesRoutes } from './features/purchases/purchases.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { membershipsRoutes } from './features/memberships/memberships.routes.ts';
import { payoutsRoutes } from './features/payouts/payouts.routes.ts';
import { removeFormFilesBeforeReply } from './lib/multipart.ts';
import { ok } from './lib/respond.ts';
import { diskStatus } from './storage/disk-space.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { reportsQueueRoutes, reportsRoutes } from './features/reports/reports.routes.ts';
import { moderationRoutes } from './features/moderation/moderation.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { channelBlocksRoutes } from './features/channel-blocks/channel-blocks.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { sharingRoutes } from './features/sharing/sharing.routes.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { feedRoutes, videoRecommendationsRoutes } from './features/recommendations/recommendations.routes.ts';
import { progressRoutes, studioRoutes } from './features/analytics/analytics.routes.ts';
import { captionsRoutes } from './features/captions/captions.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCacheControl } from './plugins/cache-control.ts';
import { envelopeServerOptions, registerErrorHandling, sendDatabaseUnavailable } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerBodyIdleTimeout } from './plugins/body-idle.ts';
import { registerMediaUrls } from './plugins/media-urls.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { requestLog } from './plugins/request-log.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSecurity } from './plugins/security.ts';
import { isPageRequest, registerWebApp } from './plugins/web-app.ts';

/** Builds the HTTP app from its dependencies; never listens, so tests use `app.inject`. */
export async function buildApp(deps: AppDeps, opts: { logger?: FastifyBaseLogger; warmPages?: boolean } = {}) {
  const media = createMediaHandler({
    gate: deps.services.mediaGate,
    storage: deps.storage,
    events: deps.events,
    log: deps.log,
    cacheBytes: deps.config.mediaCacheBytes,
    presignSeconds: deps.config.storage.presignSeconds,
  });
  const app = Fastify({
    // Media files skip Fastify altogether on a listening server (no routing, hooks or request
    // logs): a player asks for one every few seconds. app.inject reaches the same handler
    // through the /media/* route below.
    serverFactory: (handler) => http.createServer((req, res) => (isMediaRequest(req) ? media(req, res) : handler(req, res))),
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // One line per request worth reading (plugins/request-log.ts, LOG_REQUESTS).
    logController: requestLog(deps.config.logRequests),
    // X-Forwarded-* count only from the configured proxies (TRUST_PROXY; none by default).
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Media tokens travel in a path segment; a longer (forged) one must reach the access check
    // and get 403, not fall through the router as 404.
    routerOptions: { maxParamLength: 1000 },
    ...envelopeServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteTable(app);
  registerMetrics(app, deps.metrics);

  registerErrorHandling(app, deps.config.defaultLocale);
  registerBodyIdleTimeout(app, deps.config.bodyIdleTimeoutMs);
  registerCacheControl(app);
  registerJsonBody(app);
  registerMediaUrls(app, deps.storage.publicUrl);
  await registerSecurity(app, deps.config, deps.db);
  await app.register(cookie);
  await app.register(multipart);
  removeFormFilesBeforeReply(app);
  await registerOpenApi(app);
  registerAuth(app, deps.services.sessions, deps.services.cookies, { pageNeedsViewer: isPageRequest });
  hearOwnEventsBeforeReplying(app, deps.events);

  /**
   * 503 while the database is down; else 200 with `status: 'degraded'` when DATA_DIR's disk is
   * below MIN_FREE_DISK_MB (uploads are refused, encodes wait) or cannot be asked (`disk: null`),
   * `ok` otherwise. `storage` says whether the media storage answers (`driver`, `ok`); storage
   * that does not makes the status `degraded` too (transcodes wait for it: docs/deploy.md).
   */
  app.get('/api/health', { schema: { tags: ['health'] } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch {
      return sendDatabaseUnavailable(reply);
    }
    // A DATA_DIR that cannot even be asked (removed, unmounted) is reported, not a 500.
    const [disk, storageOk] = await Promise.all([
      diskStatus(deps.config.dataDir, deps.config.minFreeDiskBytes).catch(() => null),
      storageReachable(deps.storage, deps.config.mediaDir),
    ]);
    const storage = { driver: deps.storage.driver, ok: storageOk };
    return ok(reply, { status: disk && !disk.low && storageOk ? 'ok' : 'degraded', disk, storage });
  });
  await app.register(readinessRoutes, { db: deps.db, storage: deps.storage, queue: deps.queue, mediaDir: deps.config.mediaDir });
  await app.register(usersRoutes, {
    prefix: '/api/users',
    users: deps.services.users,
    cookies: deps.services.cookies,
    sessions: deps.services.sessions,
    access: deps.services.access,
    accountDeletion: deps.services.accountDeletion,
    config: deps.config,
  });
  await app.register(accountExportRoutes, { prefix: '/api/users/me/export', exports: deps.services.accountExports });
  await app.register(accountMailRoutes, {
    prefix: '/api/users',
    accountMail: deps.services.accountMail,
    perMinute: deps.config.rateLimit.accountMailMax,
  });
  await app.register(twoFactorRoutes, { prefix: '/api/users/2fa', twoFactor: deps.services.twoFactor });
  await app.register(passkeysRoutes, {
    prefix: '/api/users',
    passkeys: deps.services.passkeys,
    users: deps.services.users,
    settings: deps.services.settings,
    cookies: deps.services.cookies,
    publicUrl: deps.config.publicUrl,
    perMinute: deps.config.rateLimit.loginMax,
  });
  const liveStreams = {
    events: deps.events,
    heartbeatMs: deps.config.notificationsHeartbeatMs,
    publicUrl: (key: string) => deps.storage.publicUrl(key),
    log: deps.log,
  };
  const listPages = createListPages({
    videoList: deps.services.videoList,
    events: deps.events,
    listCacheMs: deps.config.listCacheMs,
    publicUrl: (key) => deps.storage.publicUrl(key),
  });
  app.addHook('onClose', async () => listPages.stop());
  app.addHook('onClose', async () => media.stop());
  // Views counted but not yet written go to the database before it closes (a SIGTERM loses none).
  app.addHook('onClose', async () => deps.services.views.close());
  // Heartbeats likewise (docs/studio.md).
  app.addHook('onClose', async () => deps.services.progress.close());
  await app.register(videoListRoutes, { prefix: '/api/video', pages: listPages });
  await app.register(likesRoutes, { prefix: '/api/like', likes: deps.services.likes });
  await app.register(historyRoutes, { prefix: '/api/watchHistory', history: deps.services.history });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', dashboard: deps.services.dashboard });
  await app.register(videosRoutes, {
    prefix: '/api/video',
    videos: deps.services.videos,
    uploads: deps.services.uploads,
    config: deps.config,
  });
  await app.register(captionsRoutes, {
    prefix: '/api/video',
    captions: deps.services.captions,
    access: deps.services.access,
    config: deps.config,
  });
  await app.register(videoRecommendationsRoutes, { prefix: '/api/video', recommendations: deps.services.recommendations });
  await app.register(progressRoutes, { prefix: '/api/video', analytics: deps.services.analytics });
  await app.register(studioRoutes, { prefix: '/api/studio', analytics: deps.services.analytics });
  await app.register(feedRoutes, { prefix: '/api/feed', recommendations: deps.services.recommendations });
  await app.register(subscriptionsRoutes, { prefix: '/api/subscription', subscriptions: deps.services.subscriptions });
  await app.register(commentsRoutes, { prefix: '/api/comment', comments: deps.services.comments, live: liveStreams });
  await app.register(postsRoutes, { prefix: '/api/post', posts: deps.services.posts });
  await app.register(channelVideosRoutes, { prefix: '/api/dashboard', videos: deps.services.videos });
  await app.register(playlistsRoutes, { prefix: '/api/playlist', playlists: deps.services.playlists });
  await app.register(purchasesRoutes, { prefix: '/api/purchase', purchases: deps.services.purchases });
  await app.register(paymentsRoutes, { prefix: '/api/payments', purchases: deps.services.purchases });
  await app.register(membershipsRoutes, { prefix: '/api/memberships', memberships: deps.services.memberships });
  await app.register(payoutsRoutes, { prefix: '/api/payouts', payouts: deps.services.payouts });
  await app.register(uploadsRoutes, { uploads: deps.services.uploads });
  await app.register(reportsRoutes, { prefix: '/api/reports', reports: deps.services.reports });
  await app.register(reportsQueueRoutes, {
    prefix: '/api/admin/reports',
    reports: deps.services.reports,
    access: deps.services.access,
  });
  await app.register(moderationRoutes, {
    prefix: '/api/admin',
    moderation: deps.services.moderation,
    access: deps.services.access,
  });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    admin: deps.services.admin,
    access: deps.services.access,
    accountDeletion: deps.services.accountDeletion,
    purchases: deps.services.purchases,
  });
  await app.register(settingsRoutes, { settings: deps.services.settings, access: deps.services.access });
  await app.register(channelBlocksRoutes, { prefix: '/api/channel', channelBlocks: deps.services.channelBlocks });
  await app.register(notificationsRoutes, {
    prefix: '/api/notifications',
    notifications: deps.services.notifications,
    live: liveStreams,
  });
  // The unsubscribe links are signed with the instance secret (docs/accounts.md).
  await app.register(notificationMailRoutes, { prefix: '/api/notifications', db: deps.db, secret: deps.mediaSecret });
  await app.register(liveRoutes, { prefix: '/api/live', live: deps.services.live, publicUrl: deps.config.publicUrl });
  // Before the web app, whose catch-all would otherwise answer /embed, /sitemap.xml and /robots.txt.
  await app.register(sharingRoutes, { sharing: deps.services.sharing, config: deps.config });

  await app.register(mediaRoutes, { gate: deps.services.mediaGate, handler: media });

  await registerWebApp(app, {
    distDir: deps.config.webDistDir,
    publicUrl: deps.config.publicUrl,
    defaultLocale: deps.config.defaultLocale,
    warmPages: opts.warmPages,
  });
  return app;
}
