import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage } from '../../../test/support.ts';
import { startWorker } from '../../deps.ts';
import { createJobQueue, type JobQueue } from '../../jobs/queue.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createPublishHandler, queuePublication } from './scheduled-publishing.ts';
import { createVideosRepo } from './videos.repo.ts';

// Scheduled publishing (API.md §16) through the real app, database, job queue and ffmpeg. No
// worker runs with the app: each test starts and stops its own, as a process would, so a test can
// stop the queue before a video's time and start a new one after it (a restart).

const ctx = await createTestContext();
const { app, db } = ctx;

const workers = new Set<JobQueue>();
/** A worker process's half: its own job queue, the job handlers and the event relay. */
async function startWorkerProcess(): Promise<JobQueue> {
  const queue = await createJobQueue(ctx.config.databaseUrl!, ctx.config);
  workers.add(queue);
  await startWorker({ ...ctx.deps, queue }, { exclusive: true });
  return queue;
}
async function stopWorkerProcess(queue: JobQueue) {
  await queue.stop();
  workers.delete(queue);
}
afterAll(async () => {
  for (const queue of workers) await queue.stop();
});

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (videoId: string, body: Record<string, unknown>, cookie = '') =>
  app.inject({ method: 'PATCH', url: `/api/video/v/${videoId}`, payload: body, headers: cookie ? { cookie } : {} });

async function upload(cookie: string, fields: Record<string, string>) {
  const clip = await makeClip('scheduled.mp4', { seconds: 1, width: 160, height: 120 });
  return app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart(
      { description: 'Out soon', ...fields },
      {
        videoFile: { data: await fs.readFile(clip), filename: 'scheduled.mp4', type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      cookie,
    ),
  });
}

/** `video.published` events written for the video (the outbox keeps relayed rows for a day). */
async function publishedEvents(videoId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM event_outbox WHERE name = 'video.published' AND payload->>'videoId' = ${videoId}`.execute(db);
  return Number(rows[0]!.n);
}
const notificationTexts = async (userId: string) =>
  (await ctx.deps.services.notifications.page({ _id: userId } as Viewer)).items.map((i) => i.text);

/** Everywhere a viewer may come across a video: watch, details, list, search, channel page, sitemap, oEmbed, embed. */
async function seenBy(videoId: string, title: string, ownerId: string, cookie = '') {
  const [watch, details, list, search, channel, sitemap, oembed, embed] = await Promise.all([
    get(`/api/video/v/${videoId}`, cookie),
    get(`/api/video/details/${videoId}`, cookie),
    get('/api/video', cookie),
    get(`/api/video?query=${encodeURIComponent(title)}`, cookie),
    get(`/api/dashboard/videos/${ownerId}`, cookie),
    get('/sitemap.xml', cookie),
    get(`/api/oembed?url=${encodeURIComponent(`http://localhost:80/video/watch/${videoId}`)}`, cookie),
    get(`/embed/${videoId}`, cookie),
  ]);
  const ids = (res: typeof list) => (res.json().data.videos as { _id: string }[]).map((v) => v._id);
  return {
    watch: watch.statusCode,
    details: details.statusCode,
    list: ids(list).includes(videoId),
    search: ids(search).includes(videoId),
    channel: (channel.json().data.videos as { _id: string }[]).some((v) => v._id === videoId),
    sitemap: sitemap.body.includes(videoId),
    oembed: oembed.statusCode,
    embed: embed.statusCode,
  };
}
const hidden = { watch: 404, details: 404, list: false, search: false, channel: false, sitemap: false, oembed: 404, embed: 404 };
const shown = { watch: 200, details: 200, list: true, search: true, channel: true, sitemap: true, oembed: 200, embed: 200 };

describe('publishAt validation', () => {
  it('refuses a time in the past, a malformed one, one past a year, and anonymous uploads', async () => {
    const creator = await registerUser(ctx);
    const cases: [string, string][] = [
      [at(-60_000), 'publishAt must be in the future'],
      ['tomorrow', 'publishAt must be an ISO 8601 time with its offset'],
      ['2030-01-01T10:00', 'publishAt must be an ISO 8601 time with its offset'],
      [at(400 * 86_400_000), 'publishAt must be within 365 days'],
    ];
    for (const [publishAt, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/video/new',
        ...multipart({ title: 'T', description: 'D', publishAt }, {}, creator.cookie),
      });
      expect(res.statusCode, publishAt).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, success: false, message });
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart({ title: 'T', description: 'D', publishAt: at(60_000) }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('PATCH: anonymous 401, another user 403, malformed or past 400, a public video 409, the owner moves the time', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const scheduled = await createVideo(db, owner.id, { title: 'Waiting' });
    await db
      .updateTable('videos')
      .set({ status: 'scheduled', publish_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', scheduled)
      .execute();
    const publicVideo = await createVideo(db, owner.id, { title: 'Out already' });
    const later = at(7_200_000);

    expect((await patch(scheduled, { publishAt: later })).statusCode).toBe(401);
    expect((await patch(scheduled, { publishAt: later }, other.cookie)).json()).toEqual(
      errorEnvelope(403, 'Only the owner can change this video'),
    );
    for (const bad of ['soon', at(-1000), 12]) {
      expect((await patch(scheduled, { publishAt: bad }, owner.cookie)).statusCode, String(bad)).toBe(400);
    }
    expect((await patch(publicVideo, { publishAt: later }, owner.cookie)).json()).toEqual(
      errorEnvelope(409, 'Only a video not yet published can be scheduled'),
    );
    // Nothing of a refused PATCH is kept, the title sent with it included.
    expect((await patch(publicVideo, { title: 'Renamed', publishAt: later }, owner.cookie)).statusCode).toBe(409);
    expect((await db.selectFrom('videos').select('title').where('id', '=', publicVideo).executeTakeFirstOrThrow()).title).toBe(
      'Out already',
    );

    const moved = await patch(scheduled, { publishAt: later }, owner.cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'scheduled', publishAt: new Date(later).toISOString() });
    // One queued publication, at the new time (the old one cancelled).
    const { rows } = await sql<{ start_after: Date }>`
      SELECT start_after FROM pgboss.job WHERE name = 'video.publish' AND data->>'videoId' = ${scheduled} AND state = 'created'`.execute(
      db,
    );
    expect(rows.map((r) => r.start_after.toISOString())).toEqual([new Date(later).toISOString()]);
  });
});

describe('a scheduled video', () => {
  it('is its owner’s alone until its time, everywhere a viewer may come across it', async () => {
    const owner = await createUser(db);
    const other = await registerUser(ctx);
    const title = `Secret premiere ${Date.now()}`;
    const id = await createVideo(db, owner.id, { title });
    await db
      .updateTable('videos')
      .set({ status: 'scheduled', publish_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', id)
      .execute();
    expect(await seenBy(id, title, owner.id)).toEqual(hidden);
    expect(await seenBy(id, title, owner.id, other.cookie)).toEqual(hidden);
  });

  it('PATCH with an empty publishAt makes it public at once, dated now, and announces it', async () => {
    const owner = await registerUser(ctx);
    const id = await createVideo(db, owner.id, { title: 'Now instead', createdAt: new Date(Date.now() - 86_400_000) });
    await db
      .updateTable('videos')
      .set({ status: 'scheduled', has_mp4: true, has_hls: true, publish_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', id)
      .execute();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      ...multipart({ publishAt: '' }, {}, owner.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ready', publishAt: null });
    expect(Date.now() - Date.parse(res.json().data.createdAt)).toBeLessThan(60_000);
    expect(await seenBy(id, 'Now instead', owner.id)).toEqual(shown);
    expect(await publishedEvents(id)).toBe(1);
    // Cancelling again changes nothing.
    expect((await patch(id, { publishAt: null }, owner.cookie)).statusCode).toBe(200);
    expect(await publishedEvents(id)).toBe(1);
  });

  it('one waiting publication job per video, however often it is sent', async () => {
    const owner = await createUser(db);
    const id = await createVideo(db, owner.id);
    const when = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 3; i++) await db.transaction().execute((trx) => queuePublication(ctx.deps.queue, trx, id, when));
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = 'video.publish' AND data->>'videoId' = ${id}`.execute(db);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('transcodes at once, goes public at its time after a restart, and its subscribers hear of it once, then', async () => {
    const creator = await registerUser(ctx, { username: `premiere${Date.now()}` });
    const fan = await registerUser(ctx);
    const stranger = await registerUser(ctx);
    expect(
      (await app.inject({ method: 'POST', url: `/api/subscription/channel/${creator.id}`, headers: { cookie: fan.cookie } }))
        .statusCode,
    ).toBe(200);
    const title = `Premiere ${Date.now()}`;
    const worker = await startWorkerProcess();

    const res = await upload(creator.cookie, { title, publishAt: at(3_600_000) });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().data._id;
    expect(res.json().data).toMatchObject({ status: 'processing' });

    // Transcoded at once: scheduled (not ready), its uploader told it is ready, nobody else anything.
    await waitFor(async () => (await notificationTexts(creator.id)).includes(`Your video “${title}” is ready`), 90_000);
    expect((await get(`/api/video/v/${id}`, creator.cookie)).json().data).toMatchObject({ status: 'scheduled' });
    expect(await seenBy(id, title, creator.id, stranger.cookie)).toEqual(hidden);
    expect(await publishedEvents(id)).toBe(0);
    expect(await notificationTexts(fan.id)).toEqual([]);

    // Its time moved to a few seconds from now; the worker stops before it comes.
    const publishAt = at(3000);
    expect((await patch(id, { publishAt }, creator.cookie)).statusCode).toBe(200);
    await stopWorkerProcess(worker);
    await waitFor(async () => {
      const { rows } = await sql<{ due: boolean }>`SELECT now() > ${publishAt}::timestamptz + interval '1 second' AS due`.execute(
        db,
      );
      return rows[0]!.due;
    }, 10_000);
    expect(await seenBy(id, title, creator.id, stranger.cookie)).toEqual(hidden);

    // A new worker process: the job kept by the queue runs once, the video is public and announced.
    await startWorkerProcess();
    await waitFor(async () => (await get(`/api/video/v/${id}`, stranger.cookie)).statusCode === 200, 30_000);
    expect(await seenBy(id, title, creator.id, stranger.cookie)).toEqual(shown);
    await waitFor(async () => (await notificationTexts(fan.id)).length > 0, 30_000);
    expect(await notificationTexts(fan.id)).toEqual([`${creator.username} published “${title}”`]);
    expect(await publishedEvents(id)).toBe(1);
    const jobs = await sql<{ state: string }>`
      SELECT state FROM pgboss.job WHERE name = 'video.publish' AND data->>'videoId' = ${id} ORDER BY created_on`.execute(db);
    expect(jobs.rows.map((r) => r.state)).toEqual(['cancelled', 'completed']);

    // A duplicate run (a retry, a job run twice) changes nothing.
    const before = await db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const publish = createPublishHandler({ repo: createVideosRepo(db), events: ctx.deps.events });
    await publish({ videoId: id }, { attempt: 2, isLastAttempt: false, signal: new AbortController().signal });
    expect(await db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await publishedEvents(id)).toBe(1);
    expect(await notificationTexts(fan.id)).toHaveLength(1);
  });

  it('whose time passed long ago without its job (failed for good) is published when a worker starts, once', async () => {
    const owner = await createUser(db);
    const title = `Overdue ${Date.now()}`;
    const id = await createVideo(db, owner.id, { title });
    await db
      .updateTable('videos')
      .set({ status: 'scheduled', has_mp4: true, has_hls: true, publish_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', id)
      .execute();
    expect(await seenBy(id, title, owner.id)).toEqual(hidden);
    await startWorkerProcess();
    expect(await seenBy(id, title, owner.id)).toEqual(shown);
    expect(await publishedEvents(id)).toBe(1);
    await startWorkerProcess();
    expect(await publishedEvents(id)).toBe(1);
  });

  it('whose time comes while it transcodes goes public once it plays, announced once', async () => {
    const creator = await registerUser(ctx, { username: `late${Date.now()}` });
    const fan = await registerUser(ctx);
    expect(
      (await app.inject({ method: 'POST', url: `/api/subscription/channel/${creator.id}`, headers: { cookie: fan.cookie } }))
        .statusCode,
    ).toBe(200);
    const title = `Late ${Date.now()}`;
    // No worker yet (those the tests before started are stopped): the transcode waits in the queue
    // while the time comes and its job runs.
    for (const queue of [...workers]) await stopWorkerProcess(queue);
    const res = await upload(creator.cookie, { title, publishAt: at(1500) });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().data._id;
    const publish = createPublishHandler({ repo: createVideosRepo(db), events: ctx.deps.events });
    await waitFor(async () => {
      await publish({ videoId: id }, { attempt: 1, isLastAttempt: false, signal: new AbortController().signal });
      return (
        (await db.selectFrom('videos').select('publish_at').where('id', '=', id).executeTakeFirstOrThrow()).publish_at === null
      );
    }, 10_000);
    expect((await get(`/api/video/v/${id}`)).statusCode).toBe(404); // still processing
    expect(await publishedEvents(id)).toBe(0);

    await startWorkerProcess();
    await waitFor(async () => (await notificationTexts(fan.id)).length > 0, 90_000);
    expect(await notificationTexts(fan.id)).toEqual([`${creator.username} published “${title}”`]);
    expect((await get(`/api/video/v/${id}`)).json().data).toMatchObject({ status: 'ready', publishAt: null });
    // The queued job runs too, and changes nothing.
    await waitFor(async () => {
      const { rows } = await sql<{ state: string }>`
        SELECT state FROM pgboss.job WHERE name = 'video.publish' AND data->>'videoId' = ${id}`.execute(db);
      return rows.every((r) => r.state === 'completed');
    }, 30_000);
    expect(await publishedEvents(id)).toBe(1);
  });
});
