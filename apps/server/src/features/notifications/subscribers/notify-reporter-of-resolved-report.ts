import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationSourcesRepo } from '../notification-sources.repo.ts';
import type { NotificationsService } from '../notifications.service.ts';

/**
 * `report.resolved` → the reporter: "Your report on “X” was resolved". It points at nothing (the
 * reported content may be gone); a video's title is named only while the video is listed.
 */
export function notifyReporterOfResolvedReport(deps: {
  notifications: Pick<NotificationsService, 'notify'>;
  sources: Pick<NotificationSourcesRepo, 'resolvedReport'>;
}): DurableSubscriber<'report.resolved'> {
  return {
    name: 'notify-reporter-of-resolved-report',
    event: 'report.resolved',
    async handle(event) {
      const report = await deps.sources.resolvedReport(event.payload.reportId);
      if (!report) return;
      await deps.notifications.notify({
        recipientId: report.reporter_id,
        type: 'report.resolved',
        eventId: event.id,
        details: { targetType: report.target_type, ...(report.title ? { title: report.title } : {}) },
      });
    },
  };
}
