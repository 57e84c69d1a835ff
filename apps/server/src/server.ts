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
  const deps = await createDeps(config, log);
  const app = await buildApp(deps, { logger: log });
  if (config.role === 'all') {
    // The embedded database belongs to this process alone, so jobs it left running are orphans.
    await startWorker(deps, { exclusive: !config.databaseUrl });
  }
  return { deps, app };
}
const running = startUp();

let stopping = false;
/** Drains HTTP, stops the queue, closes the pool, then stops the embedded database, in that order. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    // A signal during start-up waits for it, so the embedded database is never left behind.
    const { app, deps } = await running;
    // Requests in flight finish; the keep-alive sockets they leave idle are closed, not waited for.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close().finally(() => clearInterval(reapIdle));
    await deps.close();
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

const { app } = await running;
if (!stopping) {
  await app.listen({ port: config.port, host: config.host });
  log.info({ ms: Date.now() - started, url: `http://localhost:${config.port}` }, 'ready');
}
