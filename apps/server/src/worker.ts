import { loadConfig } from './config.ts';
import { leaveProcessExitToCaller } from './db/embedded.ts';
import { createDeps, startWorker } from './deps.ts';
import { DataDirInUseError } from './lib/data-dir-lock.ts';
import { createLogger } from './lib/logger.ts';
import { startMetricsListener } from './ops/metrics.ts';

/** Entry for ROLE=worker: job handlers only, no HTTP. Run as many as the machines allow. */
leaveProcessExitToCaller();
const config = loadConfig({ ...process.env, ROLE: 'worker' });
const log = createLogger(config);
/** Aborted by a stop: a start-up still waiting for its database gives up. */
const stopped = new AbortController();

async function startUp() {
  const deps = await createDeps(config, log, { onFatal: () => void shutdown('database lost', 1), signal: stopped.signal });
  try {
    await startWorker(deps, { exclusive: false });
    const metrics = config.metrics && deps.metrics ? await startMetricsListener(deps.metrics, config.metrics) : null;
    return { deps, metrics };
  } catch (err) {
    // Nothing opened is left behind (an embedded database stops).
    await deps.close().catch(() => {});
    throw err;
  }
}
const running = startUp();

let stopping = false;
/** Stops the queue (running jobs go back to it for other workers), closes the pool, then any embedded database. */
async function shutdown(reason: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  stopped.abort();
  log.info({ reason }, 'shutting down');
  const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000);
  force.unref();
  try {
    // A signal during start-up waits for it, so an embedded database is never left behind.
    const up = await running.catch(() => null);
    await up?.metrics?.close();
    await up?.deps.close();
    log.info({ reason }, 'stopped');
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
// Started by scripts/start.mjs (ROLE=worker npm start) with an IPC channel: its end is a stop.
if (process.channel) process.once('disconnect', () => void shutdown('launcher gone'));

const up = await running.catch((err: unknown) => {
  if (stopping) return null;
  // One line for a held DATA_DIR (no crash, no stack); exit 1 for the supervisor either way.
  if (err instanceof DataDirInUseError) log.fatal(err.message);
  else log.fatal({ err }, 'start-up failed');
  process.exit(1);
});
if (up && !stopping) log.info({ metricsPort: up.metrics?.port }, 'worker ready');
