import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationSourcesRepo } from '../notification-sources.repo.ts';
import type { NotificationsService } from '../notifications.service.ts';

/** `purchase.settled` → the creator who sold the video or playlist: "bob bought “X” for $4.99". */
export function notifySellerOfSale(deps: {
  notifications: Pick<NotificationsService, 'notify'>;
  sources: Pick<NotificationSourcesRepo, 'sale'>;
}): DurableSubscriber<'purchase.settled'> {
  return {
    name: 'notify-seller-of-sale',
    event: 'purchase.settled',
    async handle(event) {
      const sale = await deps.sources.sale(event.payload.purchaseId);
      // Upload slots are sold by the platform: nobody to tell.
      if (!sale?.seller_id) return;
      await deps.notifications.notify({
        recipientId: sale.seller_id,
        type: 'purchase.sold',
        eventId: event.id,
        actorId: sale.buyer_id,
        videoId: sale.video_id,
        details: { title: sale.title, amountMinor: sale.amount_minor },
      });
    },
  };
}
