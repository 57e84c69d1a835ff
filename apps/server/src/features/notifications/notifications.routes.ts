import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkNotificationsRead,
  NotificationId,
  NotificationSettings,
  NotificationSettingsPatch,
  NotificationsPage,
  NotificationsQuery,
  NotificationsStreamQuery,
  Unread,
  envelope,
} from '@streamhub/contract';
import type { NotificationsService } from './notifications.service.ts';
import type { LiveStreamNeeds } from '../../events/events.ts';
import { BadInput } from '../../lib/errors.ts';
import { ok } from '../../lib/respond.ts';
import { startEventStream } from '../../lib/sse.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { createNotificationStreams, RETRY_SECONDS } from './notification-streams.ts';

/** `/api/notifications` (API.md §13): a signed-in user's own notifications, their settings and their live stream. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; live: LiveStreamNeeds }> = async (
  app,
  { notifications, live },
) => {
  const tags = ['notifications'];
  const streams = createNotificationStreams({ notifications, ...live });
  // Before the server waits for its connections: open streams would hold it for ever.
  app.addHook('preClose', async () => streams.close());

  app.get(
    '/',
    { config: signedIn, schema: { tags, querystring: NotificationsQuery, response: { 200: envelope(NotificationsPage) } } },
    async (request, reply) => ok(reply, await notifications.page(requireViewer(request), request.query.page)),
  );

  app.get('/unread', { config: signedIn, schema: { tags, response: { 200: envelope(Unread) } } }, async (request, reply) =>
    ok(reply, await notifications.unread(requireViewer(request))),
  );

  app.post(
    '/read',
    { config: signedIn, schema: { tags, body: MarkNotificationsRead.nullish(), response: { 200: envelope(Unread) } } },
    async (request, reply) => ok(reply, await notifications.markRead(requireViewer(request), request.body?.ids)),
  );

  app.get(
    '/settings',
    { config: signedIn, schema: { tags, response: { 200: envelope(NotificationSettings) } } },
    async (request, reply) => ok(reply, await notifications.settings(requireViewer(request))),
  );

  app.patch(
    '/settings',
    { config: signedIn, schema: { tags, body: NotificationSettingsPatch, response: { 200: envelope(NotificationSettings) } } },
    async (request, reply) => ok(reply, await notifications.updateSettings(requireViewer(request), request.body)),
  );

  /**
   * Server-Sent Events: `notification` events (the item, its `_id` as the event id) and a comment
   * line every NOTIFICATIONS_HEARTBEAT_MS. `Last-Event-ID` (or `lastEventId`) replays what came after it.
   */
  app.get('/stream', { config: signedIn, schema: { tags, querystring: NotificationsStreamQuery } }, async (request, reply) => {
    const viewer = requireViewer(request);
    const lastEventId = parseLastEventId(request.headers['last-event-id'], request.query.lastEventId);
    streams.assertRoom(viewer._id);
    await streams.open({ userId: viewer._id, sessionId: viewer.sessionId }, startEventStream(reply, RETRY_SECONDS), lastEventId);
  });
};

/** The header wins over the query parameter (an EventSource sends the header when it reconnects by itself). */
function parseLastEventId(header: string | string[] | undefined, query: string | undefined): number | null {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (raw === undefined || raw === '') return null;
  if (!NotificationId.safeParse(raw).success) throw new BadInput('Invalid Last-Event-ID');
  return Number(raw);
}
