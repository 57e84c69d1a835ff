import { startChore } from '../../lib/chore.ts';
import type { RecommendationsService } from './recommendations.service.ts';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Refreshes the co-watch neighbours every `intervalMs` (RECOMMENDATIONS_REFRESH_SECONDS) and
 * once at start, in the processes that run jobs. A refresh never overlaps the previous one of
 * this process; the database lets one process at a time do it. `stop` waits for one running.
 */
export function startRecommendationsRefresh(service: Pick<RecommendationsService, 'refresh'>, intervalMs: number, log: Log) {
  return startChore({
    everyMs: intervalMs,
    log,
    failed: 'recommendations not refreshed; trying again at the next tick',
    async run() {
      const started = Date.now();
      const stats = await service.refresh();
      if (stats && stats.interactions > 0) log.info({ ...stats, ms: Date.now() - started }, 'recommendations refreshed');
    },
  });
}
