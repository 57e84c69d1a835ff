import type { DurableSubscriber } from '../../events/durable.ts';
import { RetryLater } from '../../jobs/registry.ts';
import type { PurchasesService } from './purchases.service.ts';

/** How long a refund waits before the provider is asked again after it could not be reached. */
export const PROVIDER_RETRY_SECONDS = 60;

/**
 * `purchase.refunded` → the provider gives the buyer's money back (the purchase id is its
 * idempotency key). Run after the refund committed, in a worker, at least once: a crash between
 * the commit and the provider's answer asks again after the restart; a provider that cannot be
 * reached is asked again every minute, without using up the job's retries, until it answers.
 */
export function returnMoneyOfRefundedPurchase(deps: {
  purchases: Pick<PurchasesService, 'returnMoney'>;
  log: { warn(obj: object, msg: string): void };
}): DurableSubscriber<'purchase.refunded'> {
  return {
    name: 'return-money-of-refunded-purchase',
    event: 'purchase.refunded',
    async handle(event) {
      try {
        await deps.purchases.returnMoney(event.payload.purchaseId);
      } catch (err) {
        deps.log.warn(
          { err: String(err), purchaseId: event.payload.purchaseId },
          'payment provider did not refund yet; asked again later',
        );
        throw new RetryLater(PROVIDER_RETRY_SECONDS, 'payment provider unavailable');
      }
    },
  };
}
