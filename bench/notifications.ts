/**
 * A channel with 100,000 subscribers publishes a video: how long until every subscriber has the
 * notification, and what the fan-out costs the list and the watch call meanwhile.
 *
 *   npx tsx bench/notifications.ts [--subscribers 100000] [--videos 10000] [--connections 50] [--idle 5]
 *
 * The real server (`apps/server/src/server.ts`, ROLE=all, embedded PostgreSQL, fresh DATA_DIR:
 * the job worker and the event relay in the primary, HTTP workers beside it) with `--videos`
 * seeded videos and a channel whose `--subscribers` subscribers are made with generate_series.
 * "Publishes": one transaction makes the channel's video ready and writes `video.published` into
 * the outbox, as the transcode job does; the server's relay, its durable subscriber and the
 * fan-out job do the rest.
 *
 * The list (GET /api/video?page=1) and the watch call (GET /api/video/v/:id, 50 most viewed
 * public videos) run side by side at `--connections` each: `--idle` s before the publication,
 * then from the publication until every subscriber has the notification. Prints the time to
 * the last notification (goal ≤ 10 s), p50/p99 idle and during, and the p99 ratio (goal ≤ 1.5);
 * then the time of the same fan-out (a second video) with no load at all.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { createDb, type Db } from '../apps/server/src/db/database.ts';
import { writeEvent } from '../apps/server/src/events/outbox.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { seedVideos } from './seed-videos.ts';
import { cpuSeconds, loadCall, startServer } from './support.ts';

const { values: opts } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '100000' },
    videos: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '50' },
    idle: { type: 'string', default: '5' },
  },
});
const subscribers = Number(opts.subscribers);
const connections = Number(opts.connections);
/** One call under load for `seconds` (or until `stop`), at `--connections`. */
const load = (call: { url: string; path?: () => string }, seconds: number) => loadCall(call, seconds, connections);

const server = await startServer();
// The app role's URL, from the pid file's port and the password in DATA_DIR/secrets.
const db = createDb((await runningEmbeddedUrl(path.join(server.dataDir, 'pg')))!, 2);
try {
  const seeded = Date.now();
  await seedVideos(db, { videos: Number(opts.videos), owners: 100 });
  const channelId = await channelWithSubscribers(db, subscribers);
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM videos WHERE status = 'ready' AND NOT is_exclusive ORDER BY views DESC LIMIT 50`.execute(db);
  const watchIds = rows.map((r) => r.id);
  await sql`VACUUM ANALYZE`.execute(db);
  console.error(`seeded ${opts.videos} videos and ${subscribers} subscribers in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const calls = {
    list: { url: `${server.base}/api/video?page=1` },
    watch: {
      url: `${server.base}/api/video/v/${watchIds[0]}`,
      path: () => `/api/video/v/${watchIds[Math.floor(Math.random() * watchIds.length)]}`,
    },
  };
  await Promise.all(Object.values(calls).map((c) => load(c, 2).done)); // warm-up
  const idleRuns = Object.values(calls).map((c) => load(c, Number(opts.idle)));
  const idle = await Promise.all(idleRuns.map((r) => r.done));

  // During: both calls run from the publication until the last subscriber is notified.
  const duringRuns = Object.values(calls).map((c) => load(c, 120));
  await new Promise((r) => setTimeout(r, 500));
  const { videoId, published } = await publish(db, channelId);
  const { ms, batches } = await untilNotified(db, videoId, subscribers, published);
  for (const r of duringRuns) r.stop();
  const during = await Promise.all(duringRuns.map((r) => r.done));
  // The same fan-out again (a second video), nothing else asked of the server: its own cost.
  const cpuBefore = await cpuSeconds(server.pid);
  const quiet = await publish(db, channelId);
  const alone = await untilNotified(db, quiet.videoId, subscribers, quiet.published);
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;

  const f = (n: number) => `${Math.round(n)} ms`;
  console.log(`| call | idle p50 | idle p99 | fan-out p50 | fan-out p99 | p99 fan-out / idle | errors |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|`);
  let worst = 0;
  Object.keys(calls).forEach((name, i) => {
    const a = idle[i]!;
    const b = during[i]!;
    worst = Math.max(worst, b.p99 / a.p99);
    console.log(
      `| ${name} | ${f(a.p50)} | ${f(a.p99)} | ${f(b.p50)} | ${f(b.p99)} | ${(b.p99 / a.p99).toFixed(2)} | ${a.errors + b.errors} |`,
    );
  });
  console.log(
    `${subscribers} subscribers notified ${(ms / 1000).toFixed(2)} s after the publication committed, under the load above ` +
      `(${batches} announcements of notifications.created); ${(alone.ms / 1000).toFixed(2)} s with nothing else asked of the server, ` +
      `using ${cpu.toFixed(2)} CPU s of the server and its database (what it takes on an idle machine); ` +
      `${os.cpus().length} CPUs, load average ${loadAverage()}`,
  );
  console.log(
    `targets: every subscriber within 10 s (${(ms / 1000).toFixed(2)} s), p99 during the fan-out ≤ 1.5 × idle (${worst.toFixed(2)}): ` +
      `${ms <= 10_000 && worst <= 1.5 ? 'met' : 'NOT met'}`,
  );
} finally {
  await db.destroy();
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

/** A channel and `count` users subscribed to it, made inside PostgreSQL. */
async function channelWithSubscribers(q: Db, count: number): Promise<string> {
  const channelId = newId();
  await q
    .insertInto('users')
    .values({
      id: channelId,
      username: 'benchchannel',
      email: 'benchchannel@example.com',
      fullname: 'Bench Channel',
      avatar: '',
      password_hash: 'x',
    })
    .execute();
  await sql`
    WITH made AS (
      INSERT INTO users (id, username, email, fullname, avatar, password_hash)
      SELECT gen_random_uuid(), 'sub' || i, 'sub' || i || '@example.com', 'Subscriber ' || i, '', 'x'
      FROM generate_series(1, ${count}) AS i
      RETURNING id
    )
    INSERT INTO subscriptions (id, subscriber_id, channel_id) SELECT gen_random_uuid(), id, ${channelId} FROM made`.execute(q);
  return channelId;
}

/** The channel's new video turns ready and is announced in one transaction, as the transcode job does. */
async function publish(q: Db, channelId: string) {
  const videoId = newId();
  await q.transaction().execute(async (trx) => {
    await trx
      .insertInto('videos')
      .values({
        id: videoId,
        owner_id: channelId,
        title: 'The big launch',
        description: 'Everyone hears of it',
        thumbnail: '',
        media_key: `videos/${videoId}`,
        status: 'ready',
      })
      .execute();
    await writeEvent(trx, 'video.published', { videoId });
  });
  return { videoId, published: Date.now() };
}

/** Polls until `count` notifications of the video exist; the time from the publication. */
async function untilNotified(q: Db, videoId: string, count: number, since: number) {
  let firstMs: number | undefined;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM notifications WHERE video_id = ${videoId} AND type = 'video.published'`.execute(q);
    if (rows[0]!.n > 0) firstMs ??= Date.now() - since;
    if (rows[0]!.n >= count) {
      const ms = Date.now() - since;
      console.error(`first notifications after ${firstMs} ms, the last after ${ms} ms`);
      const { rows: events } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM event_outbox
        WHERE name = 'notifications.created' AND created_at >= to_timestamp(${since / 1000})`.execute(q);
      return { ms, batches: events[0]!.n };
    }
    if (Date.now() - since > 120_000) throw new Error(`only ${rows[0]!.n} of ${count} notified after 120 s`);
    // Counting is itself work for the database: a few times a second is precise enough.
    await new Promise((r) => setTimeout(r, 200));
  }
}

function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}
