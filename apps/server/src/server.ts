import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDeps, startWorker } from './deps.ts';
import { createLogger } from './lib/logger.ts';

/** Entry point: config → deps → app → listen; stops cleanly on SIGINT/SIGTERM. */
const config = loadConfig();
const log = createLogger(config);
const started = Date.now();
const deps = await createDeps(config, log);
const app = await buildApp(deps, { logger: log });
if (config.role === 'all') {
  // The embedded database belongs to this process alone, so jobs it left running are orphans.
  await startWorker(deps, { exclusive: !config.databaseUrl });
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    await deps.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
log.info({ ms: Date.now() - started, url: `http://localhost:${config.port}` }, 'ready');
