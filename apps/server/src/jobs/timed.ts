import type { Metrics } from '../ops/metrics.ts';
import { WorkerStopping, type JobHandlers, type JobName } from './registry.ts';

/** The same handlers, each attempt counted and timed by outcome (a stop is no failure). */
export function timeJobs(handlers: JobHandlers, metrics: Metrics): JobHandlers {
  const timed = <N extends JobName>(name: N, handler: JobHandlers[N]): JobHandlers[N] =>
    (async (payload, ctx) => {
      const started = performance.now();
      let outcome: 'completed' | 'failed' | 'stopped' = 'failed';
      try {
        await (handler as (p: typeof payload, c: typeof ctx) => Promise<void>)(payload, ctx);
        outcome = 'completed';
      } catch (err) {
        if (ctx.signal.reason instanceof WorkerStopping) outcome = 'stopped';
        throw err;
      } finally {
        metrics.job(name, outcome, (performance.now() - started) / 1000);
      }
    }) as JobHandlers[N];
  return Object.fromEntries(
    (Object.keys(handlers) as JobName[]).map((name) => [name, timed(name, handlers[name])]),
  ) as unknown as JobHandlers;
}
