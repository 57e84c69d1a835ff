import { startChore } from '../../lib/chore.ts';
import type { PurchasesService } from './purchases.service.ts';

/** How often pending purchases are looked at (docs/paid-content.md, "Recovery"). */
const EVERY_MS = 15_000;

/**
 * Purchases left pending (a crash between the charge and settling) are resolved with the payment
 * provider at start and every 15 s once older than RECOVER_AFTER_MS, where jobs' chores run.
 */
export function startPurchaseRecovery(
  purchases: Pick<PurchasesService, 'recoverPending'>,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
) {
  return startChore({
    everyMs: EVERY_MS,
    log,
    failed: 'pending purchases not recovered',
    async run() {
      const n = await purchases.recoverPending();
      if (n.settled + n.failed > 0) log.info(n, 'pending purchases resolved with the payment provider');
    },
  });
}
