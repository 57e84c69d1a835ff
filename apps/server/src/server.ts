import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { leaveProcessExitToCaller } from './db/embedded.ts';
import { createDeps, startWorker } from './deps.ts';
import type { JobName } from './jobs/registry.ts';
import { DataDirInUseError } from './lib/data-dir-lock.ts';
import { NewerSchemaError, type Db } from './db/database.ts';
import { startupBanner } from './ops/banner.ts';
import { createLogger } from './lib/logger.ts';
import { answerClusterMetrics, clusterMetrics, startMetricsListener } from './ops/metrics.ts';
import { answerRelayedProgress, createProgressRelay } from './features/analytics/progress-relay.ts';

/**
 * Entry point (ROLE=all|api): config → deps → app → listen; stops cleanly on SIGINT/SIGTERM/SIGHUP.
 *
 * With HTTP_WORKERS > 1 (`auto`: one per CPU when there are several) the process is a
 * node:cluster primary: it keeps what must exist once (the embedded PostgreSQL, the job worker
 * with its encoder, the temp sweeper) and forks HTTP workers that share the port and reach the
 * database by its URL. A worker that dies is replaced; the primary dying ends its workers (their
 * IPC channel closes), so a crash never leaves processes holding the data folder behind. Started
 * with an IPC channel of its own (scripts/start.mjs), the process stops when that channel closes:
 * its launcher was killed, and a supervisor that stops the launcher means to stop everything.
 */
leaveProcessExitToCaller();
// React (the pages' server renderer, loaded with the first page) and other libraries read the mode
// from the environment itself; the server's default is production (config.ts), so they are told.
// Unset, React rendered every page with its development build: 3–5× the CPU per page.
process.env.NODE_ENV ??= 'production';
const config = loadConfig();
const log = createLogger(config);
const started = Date.now();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Message from an HTTP worker to its primary: an upload queued a job, wake the worker loop. */
type Nudge = { type: 'streamhub:nudge'; name: JobName };

/**
 * `auto`: one HTTP process per CPU for the one-box layout (ROLE=all, what `npm start` runs); one
 * for ROLE=api, whose machines run as many processes as they like under their own supervisor,
 * each with its own metrics listener (a cluster's primary serves its own and its workers' sum).
 */
function httpWorkerCount(c: Config): number {
  if (c.httpWorkers !== 'auto') return c.httpWorkers;
  return c.role === 'all' ? os.availableParallelism() : 1;
}

if (cluster.isWorker) await runHttpWorker();
else if (httpWorkerCount(config) > 1) await runPrimary(httpWorkerCount(config));
else await runSingle();

/** One process: API (and, with ROLE=all, the worker) on the port. */
async function runSingle() {
  const stop = stopper(async () => {
    // A signal during start-up waits for it, so the embedded database is never left behind.
    const up = await running.catch(() => null);
    if (!up) return;
    await closeHttp(up.app);
    await up.metrics?.close();
    await up.deps.close();
  });
  const running = (async () => {
    // The embedded database could not be started again: exit non-zero, for the supervisor to restart us.
    const deps = await createDeps(config, log, { onFatal: () => void stop('database lost', 1), signal: stop.signal });
    return closingOnFailure(deps, async () => {
      const app = await buildApp(deps, { logger: log, warmPages: true });
      if (config.role === 'all') {
        // The embedded database belongs to this process alone, so jobs it left running are orphans.
        await startWorker(deps, { exclusive: !config.databaseUrl });
      }
      const metrics = config.metrics && deps.metrics ? await startMetricsListener(deps.metrics, config.metrics) : null;
      return { deps, app, metrics };
    });
  })();
  const up = await running.catch((err: unknown) => startFailed(err, stop));
  if (up && !stop.stopping()) {
    await up.app.listen({ port: config.port, host: config.host });
    log.info({ ms: Date.now() - started, url: `http://localhost:${config.port}`, metricsPort: up.metrics?.port }, 'ready');
    await printBanner(up.deps.db, 1);
  }
}

/** The cluster's primary: database, job worker and timers here; HTTP in the workers it forks. */
async function runPrimary(count: number) {
  const workers = new Set<Worker>();
  let deps: Awaited<ReturnType<typeof createDeps>> | undefined;
  // Metrics of the primary (jobs, queue, encoder) and the sum of its HTTP workers' (requests, uploads).
  let metrics: Awaited<ReturnType<typeof startMetricsListener>> | null = null;
  const stop = stopper(async () => {
    await running.catch(() => {});
    // Workers first (they finish their requests), then the job worker and the database.
    await Promise.all(
      [...workers].map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await metrics?.close();
    await deps?.close();
  });

  const running = (async () => {
    // The embedded PostgreSQL (when DATABASE_URL is not set) and the secrets live here.
    const opened = await createDeps(config, log, { onFatal: () => void stop('database lost', 1), signal: stop.signal });
    await closingOnFailure(opened, async () => {
      if (config.role === 'all') await startWorker(opened, { exclusive: !config.databaseUrl });
      if (config.metrics && opened.metrics) metrics = await startMetricsListener(clusterMetrics(opened.metrics), config.metrics);
    });
    deps = opened;
    return true;
  })();
  if (!(await running.catch((err: unknown) => startFailed(err, stop))) || stop.stopping()) return;

  const env = { DATABASE_URL: deps!.databaseUrl, MEDIA_TOKEN_SECRET: deps!.mediaSecret };
  let ready = 0;
  let restarts = 0;
  const fork = () => {
    const worker = cluster.fork(env);
    workers.add(worker);
    worker.on('message', (message: Nudge) => {
      if (message?.type === 'streamhub:nudge') deps?.queue.nudge(message.name);
      // Heartbeats are counted here, where every worker's reach one tracker (docs/studio.md).
      else if (deps) answerRelayedProgress(message, deps.services.progress, (answer) => worker.send(answer));
    });
    worker.once('listening', () => {
      ready += 1;
      if (ready === count) {
        log.info({ ms: Date.now() - started, url: `http://localhost:${config.port}`, httpWorkers: count }, 'ready');
        if (deps) void printBanner(deps.db, count);
      }
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      // Exit code 0 is a worker that stopped on a signal of its own (Ctrl-C reaches the whole group).
      if (stop.stopping() || (code === 0 && !signal)) return;
      restarts += 1;
      log.error({ pid: worker.process.pid, code, signal }, 'HTTP worker died; starting another');
      // A worker that cannot start at all (bad configuration, port taken) must not spin.
      setTimeout(fork, Math.min(5_000, 100 * restarts)).unref();
    });
  };
  for (let i = 0; i < count; i++) fork();
}

/** An HTTP worker of the cluster: the API on the shared port, nothing else. */
async function runHttpWorker() {
  const stop = stopper(async () => {
    const up = await running.catch(() => null);
    if (!up) return;
    await closeHttp(up.app);
    await up.deps.close();
  });
  const running = (async () => {
    const deps = await createDeps(config, log, {
      onFatal: () => void stop('database lost', 1),
      httpWorker: {
        relayNudge: (name) => process.send?.({ type: 'streamhub:nudge', name } satisfies Nudge),
        progress: createProgressRelay({ send: (m) => process.send?.(m), onMessage: (handler) => process.on('message', handler) }),
      },
      signal: stop.signal,
    });
    // The primary serves the cluster's metrics: it asks each worker for its own.
    if (deps.metrics) answerClusterMetrics(deps.metrics);
    return { deps, app: await closingOnFailure(deps, () => buildApp(deps, { logger: log, warmPages: true })) };
  })();
  // The primary is gone (killed): nothing may keep serving from its data folder.
  process.on('disconnect', () => {
    if (!stop.stopping()) process.exit(1);
  });
  const up = await running.catch((err: unknown) => startFailed(err, stop));
  if (up && !stop.stopping()) await up.app.listen({ port: config.port, host: config.host });
}

/** Runs the rest of a start-up on opened `deps`; when it fails, closes them (the embedded database stops) first. */
async function closingOnFailure<T>(deps: { close(): Promise<void> }, rest: () => Promise<T>): Promise<T> {
  try {
    return await rest();
  } catch (err) {
    await deps.close().catch(() => {});
    throw err;
  }
}

/** The first-start banner (ops/banner.ts) on stderr, plain text whatever the log format. */
async function printBanner(db: Db, httpProcesses: number) {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst()
    .catch(() => ({ id: 'unknown' }));
  process.stderr.write(startupBanner(config, { hasAdmin: Boolean(admin), httpProcesses }) + '\n');
}

/**
 * A start-up that failed, with everything it opened closed again: the reason in one line (a
 * DATA_DIR held by another process is no crash, so no stack), then exit 1. A start-up ended by a
 * stop is no failure: the stop exits.
 */
function startFailed(err: unknown, stop: { stopping(): boolean }): null {
  if (stop.stopping()) return null;
  if (err instanceof DataDirInUseError || err instanceof NewerSchemaError) log.fatal(err.message);
  else log.fatal({ err }, 'start-up failed');
  process.exit(1);
}

/**
 * Stops taking connections and lets requests in flight finish (for SHUTDOWN_GRACE_SECONDS at
 * most, then closes their connections).
 */
async function closeHttp(app: Awaited<ReturnType<typeof buildApp>>) {
  // Keep-alive sockets left idle by finished requests are closed, not waited for.
  const reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  const cutOff = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
  await app.close().finally(() => {
    clearInterval(reapIdle);
    clearTimeout(cutOff);
  });
}

/**
 * Runs `close` once on the first signal (or fatal error), then exits: the queue stops (running
 * jobs go back to it), the pool closes, and the embedded database stops, in that order.
 */
function stopper(close: () => Promise<void>) {
  let stopping = false;
  // Aborted when the stop begins: a start-up still waiting for its database gives up.
  const aborter = new AbortController();
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    aborter.abort();
    log.info({ reason }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000);
    force.unref();
    try {
      await close();
      log.info({ reason }, 'stopped');
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(exitCode);
  };
  for (const signal of SIGNALS) process.on(signal, () => void stop(signal));
  // The launcher's IPC channel closed (scripts/start.mjs gone): stop as on SIGTERM.
  if (!cluster.isWorker && process.channel) process.once('disconnect', () => void stop('launcher gone'));
  return Object.assign(stop, { stopping: () => stopping, signal: aborter.signal });
}
