import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationsService } from '../notifications.service.ts';

/**
 * `report.created` → every moderator and admin (but the reporter), batched: one waiting
 * "New report to review" each until they read it, however many reports arrive meanwhile.
 */
export function notifyStaffOfNewReport(deps: {
  notifications: Pick<NotificationsService, 'notifyStaffOfReport'>;
}): DurableSubscriber<'report.created'> {
  return {
    name: 'notify-staff-of-new-report',
    event: 'report.created',
    async handle(event) {
      await deps.notifications.notifyStaffOfReport(event.id, event.payload.reportId);
    },
  };
}
