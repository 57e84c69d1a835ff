import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createListener } from '../../db/listener.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import { createVideo } from '../../../test/factories.ts';
import { anotherProcess, createTestContext, registerUser, type TestContext } from '../../../test/support.ts';
import { MEDIA_GONE_CHANNEL } from './media-gone.ts';

// The media fast path keeps small files of finished open videos in memory and, while it hears the
// database's `video_media_gone` notifications, serves them without asking the disk. A deleted (or
// moved) video's files must still stop being served: by the process that deleted it before its
// DELETE answers, by every other one as soon as the deletion is committed.

const silentLog = { info() {}, warn() {}, error() {} };
const ctx = await createTestContext();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const listen = (url: string) => ({ mediaGone: createListener(url, MEDIA_GONE_CHANNEL, { log: silentLog }) });
const [one, two] = [await anotherProcess(ctx, listen), await anotherProcess(ctx, listen)];

/** A finished open video with a master playlist on disk. */
async function finishedVideo() {
  const owner = await registerUser(ctx);
  const id = await createVideo(ctx.db, owner.id, { title: 'Kept in memory' });
  await sql`UPDATE videos SET has_hls = true, has_mp4 = true, progress = 100 WHERE id = ${id}`.execute(ctx.db);
  await ctx.deps.storage.putBuffer(`${mediaKeys.videoFolder(id, false)}/master.m3u8`, Buffer.from('#EXTM3U\n'));
  return { owner, id, url: `/media/videos/${id}/master.m3u8` };
}

const status = async (on: { app: TestContext['app'] }, url: string) => (await on.app.inject({ method: 'GET', url })).statusCode;

describe('media kept in memory', () => {
  it('is served without asking the disk while the process listens', async () => {
    const { url, id } = await finishedVideo();
    expect(await status(one, url)).toBe(200);
    // Removed behind the database's back: the memory still answers (for a few seconds at most).
    await ctx.deps.storage.deletePrefix(mediaKeys.videoFolder(id, false));
    expect(await status(one, url)).toBe(200);
  });

  it('a deleted video: gone at once in the process that deleted it and, once committed, in the others', async () => {
    const { owner, url } = await finishedVideo();
    expect([await status(one, url), await status(two, url)]).toEqual([200, 200]);
    const del = await one.app.inject({
      method: 'DELETE',
      url: url.replace(/^\/media\/videos\/([^/]+)\/.*$/, '/api/video/v/$1'),
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode, del.body).toBe(200);
    // The deleting process waited for its own notification before answering.
    expect(await status(one, url)).toBe(404);
    // Another process has heard every change committed before this round trip returns.
    await two.mediaGone!.sync();
    expect(await status(two, url)).toBe(404);
  });

  it('a video whose folder moves is asked about again', async () => {
    const { id, url } = await finishedVideo();
    expect(await status(two, url)).toBe(200);
    await ctx.deps.storage.movePrefix(mediaKeys.videoFolder(id, false), mediaKeys.videoFolder(id, true));
    await sql`UPDATE videos SET media_key = ${mediaKeys.videoFolder(id, true)}, is_exclusive = true, price_minor = 500 WHERE id = ${id}`.execute(
      ctx.db,
    );
    await two.mediaGone!.sync();
    // Exclusive now: its files need a token; the open path answers 403, not the kept copy.
    expect(await status(two, url)).toBe(403);
  });

  it('not listening, the disk is asked on every request again; listening again, everything kept is forgotten', async () => {
    const { id, url } = await finishedVideo();
    expect(await status(two, url)).toBe(200);
    // The listening session ends (a database restart or a network cut, as the listener sees it).
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${`listen ${MEDIA_GONE_CHANNEL}`}`.execute(
      ctx.db,
    );
    await until(() => !two.mediaGone!.listening(), 'the lost connection');
    await ctx.deps.storage.deletePrefix(mediaKeys.videoFolder(id, false));
    expect(await status(two, url)).toBe(404);
    await until(() => two.mediaGone!.listening() && one.mediaGone!.listening(), 'listening again');
  });
});
