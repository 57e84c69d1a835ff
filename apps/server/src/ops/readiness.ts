import fs from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Storage } from '../storage/storage.ts';

/** A check slower than this counts as failed: a load balancer asks often and must not wait. */
const CHECK_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'failed';

async function within(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the media storage answers within the check's time: the local media folder is writable,
 * or the bucket answers a HEAD (a missing object is an answer; a refused connection or 5xx is not).
 */
export async function storageReachable(storage: Storage, mediaDir: string): Promise<boolean> {
  return (
    (await within(() =>
      storage.driver === 'local' ? fs.access(mediaDir, fs.constants.W_OK) : storage.exists('.streamhub-ready'),
    )) === 'ok'
  );
}

/**
 * `GET /api/ready` (docs/deploy.md): whether this process can serve now, for a load balancer or
 * an orchestrator: the database answers, the media storage can be reached (the local media
 * folder is writable, or the bucket answers), and the job queue's tables are there. 200 with each
 * check, else 503 naming what failed (and each check). `/api/health` stays the liveness answer
 * (database up, disk low or not).
 */
export const readinessRoutes: FastifyPluginAsync<{
  db: Db;
  storage: Storage;
  queue: Pick<JobQueue, 'stats'>;
  mediaDir: string;
}> = async (app, { db, storage, queue, mediaDir }) => {
  app.get('/api/ready', { schema: { tags: ['health'] } }, async (_request, reply) => {
    const [database, media, jobs] = await Promise.all([
      within(() => sql`select 1`.execute(db)),
      storageReachable(storage, mediaDir).then((reached): Check => (reached ? 'ok' : 'failed')),
      within(() => queue.stats()),
    ]);
    const checks = { database, storage: media, queue: jobs };
    const failed = Object.entries(checks)
      .filter(([, state]) => state === 'failed')
      .map(([name]) => name);
    if (failed.length === 0)
      return reply.code(200).send({ statusCode: 200, data: { ready: true, checks }, message: 'Ready', success: true });
    const text = `Not ready: ${failed.join(', ')} unavailable`;
    return reply.code(503).send({ statusCode: 503, data: text, message: text, success: false, checks });
  });
};
