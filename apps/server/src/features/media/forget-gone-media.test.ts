import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EVENTS_CHANNEL } from '../../events/outbox.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import { createVideo } from '../../../test/factories.ts';
import { anotherProcess, createTestContext, registerUser, type TestContext } from '../../../test/support.ts';
import { moveVideoFolder } from '../videos/move-video-folder.ts';
import { createVideosRepo } from '../videos/videos.repo.ts';

// The media fast path keeps small files of finished open videos in memory, and their gate answers,
// and while it hears every event serves them without asking the disk or the database. A video
// whose files went (deleted, taken down, moved) must still stop being served: by the process that
// made the change before its reply goes, by every other one once `video.media.gone` reaches it,
// long before a kept file is checked against the disk again (5 s).

const ctx = await createTestContext();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const [one, two] = [await anotherProcess(ctx, () => ({})), await anotherProcess(ctx, () => ({}))];

/** A finished open video with a master playlist on disk. */
async function finishedVideo() {
  const owner = await registerUser(ctx);
  const id = await createVideo(ctx.db, owner.id, { title: 'Kept in memory' });
  await sql`UPDATE videos SET has_hls = true, has_mp4 = true, progress = 100 WHERE id = ${id}`.execute(ctx.db);
  await ctx.deps.storage.putBuffer(`${mediaKeys.videoFolder(id, false)}/master.m3u8`, Buffer.from('#EXTM3U\n'));
  return { owner, id, url: `/media/videos/${id}/master.m3u8` };
}

const status = async (on: { app: TestContext['app'] }, url: string) => (await on.app.inject({ method: 'GET', url })).statusCode;

/** Every event committed so far has reached `on`'s subscribers (one round trip on its listening connection). */
const caughtUp = (on: { deps: TestContext['deps'] }) => on.deps.events.caughtUp();

describe('media kept in memory', () => {
  it('is served without asking the disk while the process listens', async () => {
    const { url, id } = await finishedVideo();
    expect(await status(one, url)).toBe(200);
    // Removed behind the database's back: the memory still answers (for a few seconds at most).
    await ctx.deps.storage.deletePrefix(mediaKeys.videoFolder(id, false));
    expect(await status(one, url)).toBe(200);
  });

  it('a deleted video: gone at once in the process that deleted it and, once the event is delivered, in the others', async () => {
    const { owner, id, url } = await finishedVideo();
    expect([await status(one, url), await status(two, url)]).toEqual([200, 200]);
    const del = await one.app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode, del.body).toBe(200);
    // The deleting process heard its own event before it replied.
    expect(await status(one, url)).toBe(404);
    await caughtUp(two);
    expect(await status(two, url)).toBe(404);
  });

  it('a video taken down: its open answer is forgotten everywhere, though its files have not moved yet', async () => {
    const { id, url } = await finishedVideo();
    const moderator = await registerUser(ctx);
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    expect([await status(one, url), await status(two, url)]).toEqual([200, 200]);
    const down = await one.app.inject({
      method: 'POST',
      url: '/api/admin/takedown',
      headers: { cookie: moderator.cookie },
      payload: { targetType: 'video', targetId: id, reason: 'Spam' },
    });
    expect(down.statusCode, down.body).toBe(200);
    // No worker here: the files are still in the public folder; the gate asks again and refuses.
    expect(await status(one, url)).toBe(403);
    await caughtUp(two);
    expect(await status(two, url)).toBe(403);
  });

  it('a video whose folder moves is asked about again', async () => {
    const { id, url } = await finishedVideo();
    expect(await status(two, url)).toBe(200);
    await sql`UPDATE videos SET is_exclusive = true, price_minor = 500 WHERE id = ${id}`.execute(ctx.db);
    const parts = { repo: createVideosRepo(ctx.db), storage: ctx.deps.storage, events: ctx.deps.events };
    await moveVideoFolder(parts, id, mediaKeys.videoFolder(id, false), mediaKeys.videoFolder(id, true));
    await caughtUp(two);
    // Exclusive now: its files need a token; the open path answers 403, not the kept copy.
    expect(await status(two, url)).toBe(403);
  });

  it('a rolled-back change announces nothing: what is kept stays kept', async () => {
    const { id, url } = await finishedVideo();
    expect(await status(two, url)).toBe(200);
    await ctx.deps.storage.deletePrefix(mediaKeys.videoFolder(id, false));
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await ctx.deps.events.publish(trx, 'video.media.gone', { videoId: id });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await caughtUp(two);
    expect(await status(two, url)).toBe(200);
    await ctx.db.transaction().execute((trx) => ctx.deps.events.publish(trx, 'video.media.gone', { videoId: id }));
    await caughtUp(two);
    expect(await status(two, url)).toBe(404);
  });

  it('not listening, the disk is asked on every request again; listening again, everything kept is forgotten', async () => {
    const { id, url } = await finishedVideo();
    expect(await status(two, url)).toBe(200);
    const { mediaGate } = two.deps.services;
    expect(mediaGate.openFolder(id)).toBe(mediaKeys.videoFolder(id, false));
    // The listening sessions end (a database restart or a network cut, as the listener sees it).
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${`listen ${EVENTS_CHANNEL}`}`.execute(
      ctx.db,
    );
    await until(() => !two.deps.events.listening(), 'the lost connection');
    await ctx.deps.storage.deletePrefix(mediaKeys.videoFolder(id, false));
    expect(await status(two, url)).toBe(404);
    await until(() => two.deps.events.listening() && one.deps.events.listening(), 'listening again');
    // Nothing announced this video, yet its answer is gone: the gap forgot everything.
    expect(mediaGate.openFolder(id)).toBeNull();
  });
});
