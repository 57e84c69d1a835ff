import { loadConfig } from './config.ts';
import { createDeps, startWorker } from './deps.ts';
import { createLogger } from './lib/logger.ts';

/** Entry for ROLE=worker: job handlers only, no HTTP. Run as many as the machines allow. */
const config = loadConfig({ ...process.env, ROLE: 'worker' });
const log = createLogger(config);
const deps = await createDeps(config, log);
await startWorker(deps, { exclusive: false });
log.info('worker ready');

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
