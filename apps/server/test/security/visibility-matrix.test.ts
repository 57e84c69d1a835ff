import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPlaylist } from '../factories.ts';
import { createTestContext, multipart, registerUser, testImage } from '../support.ts';
import { makeClip, waitFor } from '../clips.ts';

/**
 * Visibility × caller (API.md §18, docs/visibility.md): one real video, transcoded, turned public,
 * unlisted and private in turn; for each, every read route and every file the transcode wrote is
 * asked by an anonymous visitor, another user, the owner and an admin. Public: everyone, listed.
 * Unlisted: everyone by link, never listed. Private: its owner alone (404 to everyone else, staff
 * included); its files through the owner's tokenised URLs only. 0 unexpected successes.
 */
const ctx = await createTestContext({}, { worker: true });
const { app, db } = ctx;
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const owner = await registerUser(ctx);
const other = await registerUser(ctx);
const admin = await registerUser(ctx);
await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
const word = `matrix${Date.now()}`;
const clip = await makeClip('visibility-matrix.mp4', { seconds: 2, width: 320, height: 240 });
const upload = await app.inject({
  method: 'POST',
  url: '/api/video/new',
  ...multipart(
    { title: `${word} river`, description: 'Seen by whom?' },
    {
      videoFile: { data: await fs.readFile(clip), filename: 'clip.mp4', type: 'video/mp4' },
      thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
    },
    owner.cookie,
  ),
});
expect(upload.statusCode, upload.body).toBe(201);
const videoId: string = upload.json().data._id;
await waitFor(async () => {
  const list = await get(`/api/dashboard/videos/${owner.id}`, owner.cookie);
  const v = list.json().data.videos.find((x: { _id: string }) => x._id === videoId);
  if (v?.status === 'failed') throw new Error(v.failureReason);
  return v?.status === 'ready' && v.progress === 100;
}, 120_000);
// A second public video of the owner: its up-next and "more" lists are asked about the first.
const neighbour = await app.inject({
  method: 'POST',
  url: '/api/video/new',
  ...multipart(
    { title: `${word} neighbour`, description: 'Beside it' },
    {
      videoFile: { data: await fs.readFile(clip), filename: 'clip.mp4', type: 'video/mp4' },
      thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
    },
    owner.cookie,
  ),
});
const neighbourId: string = neighbour.json().data._id;
await waitFor(async () => {
  const list = await get(`/api/dashboard/videos/${owner.id}`, owner.cookie);
  return list.json().data.videos.some((x: { _id: string; status: string }) => x._id === neighbourId && x.status === 'ready');
}, 120_000);

/** Every file the transcode wrote for the video, as paths under /media. */
async function mediaFiles(): Promise<string[]> {
  // Wherever its files are now (a private video's move to private/<id> may be under way).
  const row = await db.selectFrom('videos').select('media_key').where('id', '=', videoId).executeTakeFirstOrThrow();
  const dir = path.join(ctx.config.mediaDir, row.media_key);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => `/media/videos/${videoId}/${path.relative(dir, path.join(e.parentPath, e.name))}`);
}

const callers = { anonymous: undefined, other: other.cookie, owner: owner.cookie, admin: admin.cookie } as const;
type Visibility = 'public' | 'unlisted' | 'private';

describe.each(['public', 'unlisted', 'private'] as Visibility[])('a %s video', (visibility) => {
  it('answers every read route and every file as its visibility says, to each caller', async () => {
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${videoId}`,
      headers: { cookie: owner.cookie },
      payload: { visibility },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Its files settle in their folder (private/<id> or videos/<id>, docs/visibility.md) first.
    const folder = visibility === 'private' ? `private/${videoId}` : `videos/${videoId}`;
    await waitFor(async () => {
      const row = await db.selectFrom('videos').select('media_key').where('id', '=', videoId).executeTakeFirstOrThrow();
      return row.media_key === folder;
    }, 30_000);
    const files = await mediaFiles();
    // Renditions, their playlists and segments, the MP4, the storyboard: more than a handful of kinds.
    expect(files.some((f) => f.endsWith('.m3u8'))).toBe(true);
    expect(files.some((f) => f.endsWith('.mp4'))).toBe(true);
    expect(files.length).toBeGreaterThan(4);

    const unexpected: string[] = [];
    const check = (what: string, ok: boolean) => {
      if (!ok) unexpected.push(what);
    };
    for (const [who, cookie] of Object.entries(callers)) {
      const isOwner = who === 'owner';
      const readable = visibility !== 'private' || isOwner;
      const listed = visibility === 'public';

      // By link: the watch call, the details call.
      for (const url of [`/api/video/v/${videoId}`, `/api/video/details/${videoId}`]) {
        const res = await get(url, cookie);
        check(`${who} ${url} → ${res.statusCode}`, res.statusCode === (readable ? 200 : 404));
        if (!readable) check(`${who} ${url} names the video`, !res.body.includes(word + ' river'));
      }
      // The embed page and oEmbed are for other sites, asked with no session: by link for public
      // and unlisted videos, 404 for a private one whoever asks (docs/visibility.md).
      const byLink = visibility !== 'private';
      const embed = await get(`/embed/${videoId}`, cookie);
      check(`${who} embed → ${embed.statusCode}`, embed.statusCode === (byLink ? 200 : 404));
      if (!byLink) check(`${who} embed names the video`, !embed.body.includes(word + ' river'));
      const oembed = await get(`/api/oembed?url=${encodeURIComponent(`http://localhost/video/watch/${videoId}`)}`, cookie);
      check(`${who} oembed → ${oembed.statusCode}`, oembed.statusCode === (byLink ? 200 : 404));

      // Lists: present when public, absent otherwise (the owner's own dashboard aside).
      const lists = [
        '/api/video?page=1',
        `/api/video?page=1&query=${word}`,
        '/api/video/trending?page=1',
        '/api/feed/for-you?page=1',
        `/api/video/v/${neighbourId}/up-next`,
        `/api/dashboard/more/${owner.id}`,
        '/sitemap.xml',
      ];
      for (const url of lists) {
        const res = await get(url, cookie);
        check(`${who} ${url} → ${res.statusCode}`, res.statusCode === 200);
        if (!listed) check(`${who} ${url} lists the ${visibility} video`, !res.body.includes(videoId));
      }
      for (const url of ['/api/video?page=1', `/api/video?page=1&query=${word}`, '/sitemap.xml']) {
        if (listed) check(`${who} ${url} misses the public video`, (await get(url, cookie)).body.includes(videoId));
      }
      const channel = await get(`/api/dashboard/videos/${owner.id}`, cookie);
      check(`${who} channel videos`, channel.body.includes(videoId) === (listed || isOwner));

      // Every file by its plain path: public and unlisted open to all; private to nobody.
      for (const file of files) {
        const res = await get(file, cookie);
        const expected = visibility === 'private' ? 404 : 200;
        check(`${who} ${file} → ${res.statusCode}`, res.statusCode === expected);
        if (expected === 404) check(`${who} ${file} gave ${res.rawPayload.length} bytes`, res.rawPayload.length < 200);
      }
    }

    // The owner of a private video plays it through the URLs the watch call gives.
    if (visibility === 'private') {
      const watch = (await get(`/api/video/v/${videoId}`, owner.cookie)).json().data;
      for (const url of [watch.hlsUrl, watch.videoFile] as string[]) {
        check(`owner ${url}`, (await get(url, owner.cookie)).statusCode === 200);
        for (const [who, cookie] of Object.entries(callers)) {
          if (who !== 'owner') check(`${who} reuses the owner's ${url}`, (await get(url, cookie)).statusCode === 404);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});

describe.each(['public', 'unlisted', 'private'] as Visibility[])('a %s playlist', (visibility) => {
  it("opens by link and lists as its visibility says, to each caller (the owner's list names all)", async () => {
    const playlistId = await createPlaylist(db, owner.id, { visibility, videoIds: [neighbourId] });
    const unexpected: string[] = [];
    for (const [who, cookie] of Object.entries(callers)) {
      const isOwner = who === 'owner';
      const byLink = await get(`/api/playlist/${playlistId}`, cookie);
      const readable = visibility !== 'private' || isOwner;
      if (byLink.statusCode !== (readable ? 200 : 404)) unexpected.push(`${who} by link → ${byLink.statusCode}`);
      const list = await get(`/api/playlist/user/${owner.id}`, cookie);
      if (list.body.includes(playlistId) !== (visibility === 'public' || isOwner)) unexpected.push(`${who} channel list`);
    }
    expect(unexpected).toEqual([]);
  });
});
