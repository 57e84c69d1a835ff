import { loadConfig } from './config.ts';
import { leaveProcessExitToCaller } from './db/embedded.ts';
import { createDeps, startWorker } from './deps.ts';
import { createLogger } from './lib/logger.ts';
import { startMetricsListener } from './ops/metrics.ts';

/** Entry for ROLE=worker: job handlers only, no HTTP. Run as many as the machines allow. */
leaveProcessExitToCaller();
const config = loadConfig({ ...process.env, ROLE: 'worker' });
const log = createLogger(config);

async function startUp() {
  const deps = await createDeps(config, log, { onFatal: () => void shutdown('database lost', 1) });
  await startWorker(deps, { exclusive: false });
  const metrics = config.metrics && deps.metrics ? await startMetricsListener(deps.metrics, config.metrics) : null;
  return { deps, metrics };
}
const running = startUp();

let stopping = false;
/** Stops the queue (running jobs go back to it for other workers), closes the pool, then any embedded database. */
async function shutdown(reason: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log.info({ reason }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    // A signal during start-up waits for it, so an embedded database is never left behind.
    const { deps, metrics } = await running;
    await metrics?.close();
    await deps.close();
    log.info({ reason }, 'stopped');
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

const { metrics } = await running;
if (!stopping) log.info({ metricsPort: metrics?.port }, 'worker ready');
