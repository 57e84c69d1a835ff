import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/clips.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

// The export of an account's data (API.md §19, docs/accounts.md), made by the real job.
const ctx = await createTestContext({}, { worker: true });

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The entries of a zip and a reader of one, with Info-ZIP's unzip. */
async function openZip(bytes: Buffer) {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'export-')), 'export.zip');
  await fs.writeFile(file, bytes);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
  const read = (name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 });
  return { names, read, json: (name: string) => JSON.parse(read(name).toString()) as unknown };
}

describe('POST /api/users/me/export', () => {
  it('builds a zip of my data with my videos’ files, tells me, and serves it to me alone', async () => {
    const me = await registerUser(ctx);
    const other = await registerUser(ctx);
    // My things: a video with its file, a comment and a like on another's video, a subscription.
    const mine = await createVideo(ctx.db, me.id, { title: 'My clip' });
    const media = (await ctx.db.selectFrom('videos').select('media_key').where('id', '=', mine).executeTakeFirstOrThrow())
      .media_key;
    await ctx.db.updateTable('videos').set({ has_mp4: true }).where('id', '=', mine).execute();
    const fileBytes = Buffer.from('not really an mp4, but its bytes must arrive whole');
    await ctx.deps.storage.putBuffer(`${media}/video.mp4`, fileBytes);
    const someone = await createUser(ctx.db);
    const theirs = await createVideo(ctx.db, someone.id);
    expect((await call('POST', `/api/comment/video/${theirs}`, me.cookie, { content: 'Nice one' })).statusCode).toBe(201);
    expect((await call('POST', `/api/like/v/${theirs}`, me.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/subscription/channel/${someone.id}`, me.cookie)).statusCode).toBe(200);

    expect((await call('POST', '/api/users/me/export')).statusCode).toBe(401);
    const asked = await call('POST', '/api/users/me/export', me.cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    const created = asked.json().data as { _id: string; state: string };
    expect(created).toMatchObject({ state: 'pending' });
    // One a day.
    const again = await call('POST', '/api/users/me/export', me.cookie);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(86_000);

    const ready = await waitFor(async () => {
      const latest = (await call('GET', '/api/users/me/export', me.cookie)).json().data as { _id: string; state: string } | null;
      return latest?.state === 'ready' ? latest : null;
    }, 60_000);
    expect(ready._id).toBe(created._id);

    // Mine alone: anyone else 404, anonymous 401, a malformed id 400.
    expect((await call('GET', `/api/users/me/export/${created._id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/me/export/${created._id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/users/me/export/nope', me.cookie)).statusCode).toBe(400);
    const zip = await call('GET', `/api/users/me/export/${created._id}`, me.cookie);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toMatch(/^attachment; filename="streamhub-export-/);

    const z = await openZip(zip.rawPayload);
    expect(z.names).toEqual(
      [
        'account.json',
        'comments.json',
        'earnings.json',
        'history.json',
        'likes.json',
        'playlists.json',
        'posts.json',
        'purchases.json',
        'subscriptions.json',
        `videos/${mine}.mp4`,
        'videos.json',
      ].sort(),
    );
    expect(z.json('account.json')).toMatchObject({ id: me.id, username: me.username, email: me.email });
    expect(z.json('videos.json')).toEqual([expect.objectContaining({ id: mine, title: 'My clip', file: `videos/${mine}.mp4` })]);
    expect(z.read(`videos/${mine}.mp4`).equals(fileBytes)).toBe(true);
    expect(z.json('comments.json')).toEqual([expect.objectContaining({ content: 'Nice one', video_id: theirs })]);
    expect(z.json('likes.json')).toEqual([expect.objectContaining({ video_id: theirs })]);
    expect(z.json('subscriptions.json')).toEqual([expect.objectContaining({ channel_id: someone.id })]);
    // The watch-later list every account has.
    expect((z.json('playlists.json') as unknown[]).length).toBeGreaterThanOrEqual(1);

    // I was told.
    const notes = (await call('GET', '/api/notifications', me.cookie)).json().data.items as { type: string; text: string }[];
    expect(notes).toEqual([expect.objectContaining({ type: 'export.ready', text: 'Your data export is ready to download' })]);
  });

  it('serves nothing once an export is past its 7 days, and the sweep removes its file', async () => {
    const me = await registerUser(ctx);
    const created = (await call('POST', '/api/users/me/export', me.cookie)).json().data as { _id: string };
    await waitFor(async () => (await call('GET', '/api/users/me/export', me.cookie)).json().data?.state === 'ready', 60_000);
    const row = await ctx.db
      .selectFrom('account_exports')
      .select('storage_key')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('account_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created._id)
      .execute();
    expect((await call('GET', `/api/users/me/export/${created._id}`, me.cookie)).statusCode).toBe(410);
    expect(await ctx.deps.services.accountExports.removeExpired()).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.storage.exists(row.storage_key!)).toBe(false);
    expect((await call('GET', `/api/users/me/export/${created._id}`, me.cookie)).statusCode).toBe(404);
  });
});
