import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { leaveShutdownSignalsToCaller } from './db/embedded.ts';
import { createDeps, startWorker } from './deps.ts';
import { createLogger } from './lib/logger.ts';

/** Entry point: config → deps → app → listen; stops cleanly on SIGINT/SIGTERM/SIGHUP. */
leaveShutdownSignalsToCaller();
const config = loadConfig();
const log = createLogger(config);
const started = Date.now();

async function startUp() {
  // The embedded database could not be started again: exit non-zero, for the supervisor to restart us.
  const deps = await createDeps(config, log, { onFatal: () => void shutdown('database lost', 1) });
  const app = await buildApp(deps, { logger: log });
  if (config.role === 'all') {
    // The embedded database belongs to this process alone, so jobs it left running are orphans.
    await startWorker(deps, { exclusive: !config.databaseUrl });
  }
  return { deps, app };
}
const running = startUp();

let stopping = false;
/**
 * Stops taking connections, lets requests in flight finish (for SHUTDOWN_GRACE_SECONDS at most,
 * then closes their connections), stops the queue (running jobs go back to it), closes the pool,
 * then stops the embedded database, in that order.
 */
async function shutdown(reason: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log.info({ reason }, 'shutting down');
  const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000);
  force.unref();
  try {
    // A signal during start-up waits for it, so the embedded database is never left behind.
    const { app, deps } = await running;
    // Keep-alive sockets left idle by finished requests are closed, not waited for.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    const cutOff = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
    await app.close().finally(() => {
      clearInterval(reapIdle);
      clearTimeout(cutOff);
    });
    await deps.close();
    log.info({ reason }, 'stopped');
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

const { app } = await running;
if (!stopping) {
  await app.listen({ port: config.port, host: config.host });
  log.info({ ms: Date.now() - started, url: `http://localhost:${config.port}` }, 'ready');
}
