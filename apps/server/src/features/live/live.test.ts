import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '@streamhub/contract';
import { listFiles, waitFor } from '../../../test/clips.ts';
import { pushTestPattern } from '../../../test/rtmp-push.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

/** Pushes, encodes and transcodes on a machine shared by the whole suite: more than the default 60 s. */
const LONG = { timeout: 180_000 };

// Lives through the real parts (API.md §17, docs/live.md): the ingest listens on a free port of
// this test file's own context, ffmpeg pushes a short generated pattern over RTMP, the real
// encoder writes the live ladder, and the replay goes through the ordinary transcode job.
const ctx = await createTestContext({ LIVE_GRACE_SECONDS: '2', UPLOAD_LIMIT_DEFAULT: '20' }, { worker: true });
type User = Awaited<ReturnType<typeof registerUser>>;
let owner: User;
let viewer: User;
let buyer: User;
let port: number;
const pushes: ReturnType<typeof pushTestPattern>[] = [];

beforeAll(async () => {
  [owner, viewer, buyer] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
  port = await waitFor(async () => ctx.deps.services.liveIngest.port(), 30_000, 50);
});
afterAll(() => {
  for (const push of pushes) push.stop();
});

async function call(method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

async function createLive(fields: object = {}) {
  const res = await call('POST', '/api/live', owner.cookie, { title: 'A live', description: 'Streamed from a test', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; streamKey: string; serverUrl: string; ingestUrl: string };
}

/** Sends the test pattern with `key` to this context's ingest. */
function push(key: string, seconds: number) {
  const p = pushTestPattern(`rtmp://127.0.0.1:${port}/live/${key}`, { seconds });
  pushes.push(p);
  return p;
}

const liveState = async (id: string, cookie?: string) => (await call('GET', `/api/live/${id}`, cookie)).json().data;
const watch = async (id: string, cookie?: string) => (await call('GET', `/api/video/v/${id}`, cookie)).json().data;
const waitForState = (id: string, status: string, timeoutMs = 60_000) =>
  waitFor(async () => (await liveState(id, owner.cookie))?.status === status, timeoutMs, 200);

/** The text of a media URL as the app serves it (its cookie, for tokenised paths). */
async function media(url: string, cookie?: string) {
  return call('GET', url, cookie);
}

describe('ingest', () => {
  it('refuses a wrong key at connect and a second publisher on a key that is publishing', LONG, async () => {
    const live = await createLive();
    expect(live.ingestUrl).toBe(`rtmp://localhost:${port}/live/${live.streamKey}`);
    // What OBS's Server field takes beside the Stream Key field (API.md §22).
    expect(live.serverUrl).toBe(`rtmp://localhost:${port}/live`);
    expect(live.streamKey.length).toBeGreaterThanOrEqual(36 + 1 + 43);

    const wrong = push(`${live.streamKey.slice(0, -2)}xx`, 6);
    expect(await wrong.exit).not.toBe(0);
    expect(Date.now() - wrong.startedAt).toBeLessThan(5000);
    // The owner's page learns why, within seconds; nobody else does.
    const refusedFor = async (cookie?: string) => (await liveState(live._id, cookie))?.refused ?? null;
    expect(await waitFor(() => refusedFor(owner.cookie), 10_000, 100)).toEqual({ reason: 'key', at: expect.any(String) });
    expect(await refusedFor(viewer.cookie)).toBeNull();
    expect(await refusedFor()).toBeNull();
    const unknown = push('not-a-key', 6);
    expect(await unknown.exit).not.toBe(0);
    expect((await liveState(live._id, owner.cookie)).status).toBe('waiting');
    // The whole URL in OBS's Server field and the key again in its Stream Key field:
    // …/live/<key>/<key>, refused, and the page says the path was wrong.
    await new Promise((r) => setTimeout(r, 2100)); // a refusal is noted at most every 2 s
    const doubled = pushTestPattern(`${live.ingestUrl}/${live.streamKey}`.replace('localhost', '127.0.0.1'), { seconds: 6 });
    pushes.push(doubled);
    expect(await doubled.exit).not.toBe(0);
    await waitFor(async () => (await refusedFor(owner.cookie))?.reason === 'path', 10_000, 100);

    // The way OBS sends it: its Server field (serverUrl) and its Stream Key field, joined by a slash.
    const first = pushTestPattern(`${live.serverUrl.replace('localhost', '127.0.0.1')}/${live.streamKey}`, { seconds: 8 });
    pushes.push(first);
    await waitForState(live._id, 'live');
    const second = push(live.streamKey, 6);
    expect(await second.exit).not.toBe(0);
    // The first one went on undisturbed.
    expect(await first.exit).toBe(0);
  });
});

describe('a live from waiting to its replay', () => {
  it(
    'plays live (watch call, playlists with their wall clock, viewers), ends after the grace period, and its replay is an ordinary ready video',
    LONG,
    async () => {
      const live = await createLive();
      expect(await watch(live._id, owner.cookie)).toMatchObject({ isLive: true, status: 'waiting', hlsUrl: null });
      // Waiting: its card to others, nothing to play.
      expect(await watch(live._id, viewer.cookie)).toMatchObject({ isLive: true, status: 'waiting', hlsUrl: null });

      const publisher = push(live.streamKey, 8);
      await waitForState(live._id, 'live');
      const watched = await watch(live._id, viewer.cookie);
      expect(watched).toMatchObject({ isLive: true, status: 'live', videoFile: null });
      expect(watched.hlsUrl).toBe(`/media/videos/${live._id}/live/master.m3u8`);

      const master = await media(watched.hlsUrl);
      expect(master.statusCode).toBe(200);
      const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
      expect(variant).toBe('240p/index.m3u8');
      const rungUrl = `/media/videos/${live._id}/live/${variant}`;
      const playlist = await media(rungUrl);
      expect(playlist.headers['cache-control']).toBe('no-cache');
      expect(playlist.body).toContain('#EXT-X-PROGRAM-DATE-TIME:');
      expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
      const parsed = parseMediaPlaylist(playlist.body);
      expect(parsed.segments.length).toBeGreaterThan(0);
      expect(Math.abs(Date.parse(parsed.segments[0]!.programDateTime!.replace(/\+0000$/, 'Z')) - Date.now())).toBeLessThan(
        30_000,
      );
      const segment = await media(`/media/videos/${live._id}/live/240p/${parsed.segments[0]!.uri}`);
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.length).toBeGreaterThan(1000);

      // Listed with the LIVE badge; viewers now counts who asks (not its owner).
      const list = (await call('GET', '/api/video')).json().data.videos as { _id: string; isLive?: boolean }[];
      expect(list.find((v) => v._id === live._id)).toMatchObject({ isLive: true });
      expect((await liveState(live._id, viewer.cookie)).viewers).toBe(1);
      expect((await liveState(live._id)).viewers).toBe(2);
      expect(await liveState(live._id, owner.cookie)).toMatchObject({ status: 'live', viewers: 2 });

      expect(await publisher.exit).toBe(0);
      await waitForState(live._id, 'ended', 30_000);
      const replay = await waitFor(
        async () => {
          const w = await watch(live._id, owner.cookie);
          return w?.status === 'ready' && w.videoFile ? w : null;
        },
        120_000,
        500,
      );
      expect(replay).toMatchObject({ isLive: false, hlsUrl: `/media/videos/${live._id}/master.m3u8` });
      expect(replay.duration).toBeGreaterThan(5);
      const replayMaster = await media(replay.hlsUrl);
      expect(replayMaster.body).toContain('#EXT-X-STREAM-INF');
      expect((await media(replay.videoFile)).statusCode).toBe(200);
      // An ordinary video now: its card carries no LIVE badge.
      const after = (await call('GET', '/api/video')).json().data.videos as { _id: string; isLive?: boolean }[];
      expect(after.find((v) => v._id === live._id)).not.toHaveProperty('isLive');
    },
  );
});

describe('an exclusive live', () => {
  it('gives 0 media bytes without an entitlement and plays after a purchase', LONG, async () => {
    const live = await createLive({ isExclusive: true, price: 10 });
    const publisher = push(live.streamKey, 8);
    await waitForState(live._id, 'live');

    expect((await call('GET', `/api/video/v/${live._id}`)).statusCode).toBe(401);
    const refused = await call('GET', `/api/video/v/${live._id}`, viewer.cookie);
    expect(refused.json()).toMatchObject({ statusCode: 401, reason: 'purchase' });
    // The owner's URLs: a token bound to the owner's session, in the exclusive folder.
    const own = await watch(live._id, owner.cookie);
    expect(own.hlsUrl).toMatch(new RegExp(`^/media/t/[^/]+/videos/${live._id}/live/master\\.m3u8$`));
    const ownMaster = await media(own.hlsUrl, owner.cookie);
    expect(ownMaster.statusCode).toBe(200);
    const rung = `${own.hlsUrl.replace(/master\.m3u8$/, '')}240p/index.m3u8`;
    const segmentUri = parseMediaPlaylist((await media(rung, owner.cookie)).body).segments[0]!.uri;
    const segment = `${own.hlsUrl.replace(/master\.m3u8$/, '')}240p/${segmentUri}`;
    for (const url of [
      own.hlsUrl,
      rung,
      segment,
      `/media/videos/${live._id}/live/master.m3u8`,
      `/media/videos/${live._id}/live/240p/${segmentUri}`,
    ]) {
      for (const cookie of [undefined, viewer.cookie, buyer.cookie]) {
        const res = await media(url, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('#EXTM3U');
        expect(res.rawPayload.length).toBeLessThan(200);
      }
    }

    expect((await call('POST', `/api/purchase/buy/video/${live._id}`, buyer.cookie)).statusCode).toBe(200);
    const bought = await watch(live._id, buyer.cookie);
    expect(bought).toMatchObject({ isLive: true, status: 'live' });
    const base = bought.hlsUrl.replace(/master\.m3u8$/, '');
    expect((await media(bought.hlsUrl, buyer.cookie)).body).toContain('240p/index.m3u8');
    const playlist = parseMediaPlaylist((await media(`${base}240p/index.m3u8`, buyer.cookie)).body);
    const bytes = await media(`${base}240p/${playlist.segments.at(-1)!.uri}`, buyer.cookie);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.length).toBeGreaterThan(1000);
    // The buyer's URL is the buyer's: another session gets nothing from it.
    expect((await media(`${base}240p/${playlist.segments[0]!.uri}`, viewer.cookie)).statusCode).toBe(403);
    publisher.stop();
  });
});

describe('a members-only live', () => {
  it('gives 0 bytes of its live and its replay without an active membership; a member plays both', LONG, async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/memberships/offer',
      headers: { cookie: owner.cookie },
      payload: { price: 3, perks: 'Lives' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [member, stranger] = [await registerUser(ctx), await registerUser(ctx)];
    const live = await createLive({ title: 'Members live', membersOnly: true });
    const row = await ctx.db
      .selectFrom('videos')
      .select(['members_only', 'media_key'])
      .where('id', '=', live._id)
      .executeTakeFirstOrThrow();
    // Its files are written outside every public prefix from the first segment.
    expect(row).toEqual({ members_only: true, media_key: `exclusive/${live._id}` });
    // Waiting: its card to anyone (no media, no token); its chat and comments need the membership.
    const early = await call('GET', `/api/video/v/${live._id}`, stranger.cookie);
    expect(early.json().data).toMatchObject({ isLive: true, status: 'waiting', membersOnly: true, hlsUrl: null });
    expect(early.body).not.toContain('/media/t/');
    expect((await call('GET', `/api/comment/video/${live._id}`, stranger.cookie)).statusCode).toBe(401);

    const publisher = push(live.streamKey, 8);
    await waitForState(live._id, 'live');
    expect((await call('GET', `/api/video/v/${live._id}`)).json()).toMatchObject({ statusCode: 401, reason: 'signin' });
    expect((await call('GET', `/api/video/v/${live._id}`, stranger.cookie)).json()).toMatchObject({
      statusCode: 401,
      reason: 'membership',
    });
    expect((await call('GET', `/api/comment/video/${live._id}/stream`, stranger.cookie)).statusCode).toBe(401);
    expect((await call('GET', `/api/comment/video/${live._id}/stream`)).statusCode).toBe(401);
    const own = await watch(live._id, owner.cookie);
    expect(own).toMatchObject({ isLive: true, status: 'live', membersOnly: true });
    expect(own.hlsUrl).toMatch(new RegExp(`^/media/t/[^/]+/videos/${live._id}/live/master\\.m3u8$`));
    const ownBase = own.hlsUrl.replace(/master\.m3u8$/, '');
    const segmentUri = parseMediaPlaylist((await media(`${ownBase}240p/index.m3u8`, owner.cookie)).body).segments[0]!.uri;
    const liveUrls = [
      own.hlsUrl,
      `${ownBase}240p/index.m3u8`,
      `${ownBase}240p/${segmentUri}`,
      `/media/videos/${live._id}/live/master.m3u8`,
      `/media/videos/${live._id}/live/240p/index.m3u8`,
      `/media/videos/${live._id}/live/240p/${segmentUri}`,
    ];
    expect((await media(`${ownBase}240p/${segmentUri}`, owner.cookie)).rawPayload.length).toBeGreaterThan(1000);
    // Anonymous, a signed-in stranger and the future member before joining: 0 bytes of the live.
    for (const url of liveUrls) {
      for (const cookie of [undefined, stranger.cookie, member.cookie]) {
        const res = await media(url, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('#EXTM3U');
        expect(res.rawPayload.length).toBeLessThan(200);
      }
    }

    const joined = await call('POST', `/api/memberships/${owner.id}`, member.cookie);
    expect(joined.statusCode, joined.body).toBe(200);
    const mine = await watch(live._id, member.cookie);
    expect(mine.hlsUrl).toMatch(/^\/media\/t\//);
    const base = mine.hlsUrl.replace(/master\.m3u8$/, '');
    expect((await media(mine.hlsUrl, member.cookie)).body).toContain('240p/index.m3u8');
    const playlist = parseMediaPlaylist((await media(`${base}240p/index.m3u8`, member.cookie)).body);
    const bytes = await media(`${base}240p/${playlist.segments.at(-1)!.uri}`, member.cookie);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.length).toBeGreaterThan(1000);
    // The member's URL is the member's: the stranger's session gets nothing from it.
    expect((await media(`${base}240p/${playlist.segments[0]!.uri}`, stranger.cookie)).statusCode).toBe(403);

    // The replay: an ordinary members-only video in the closed folder.
    expect(await publisher.exit).toBe(0);
    await waitForState(live._id, 'ended', 30_000);
    const replay = await waitFor(
      async () => {
        const w = await watch(live._id, member.cookie);
        return w?.status === 'ready' && w.videoFile ? w : null;
      },
      120_000,
      500,
    );
    expect(replay).toMatchObject({ isLive: false, membersOnly: true });
    expect(replay.videoFile).toMatch(/^\/media\/t\//);
    expect((await media(replay.videoFile, member.cookie)).statusCode).toBe(200);
    expect((await media(replay.hlsUrl, member.cookie)).body).toContain('#EXT-X-STREAM-INF');
    const replayBase = replay.hlsUrl.replace(/master\.m3u8$/, '');
    for (const url of [
      replay.hlsUrl,
      replay.videoFile,
      `${replayBase}video.mp4`,
      `/media/videos/${live._id}/master.m3u8`,
      `/media/videos/${live._id}/video.mp4`,
    ]) {
      for (const cookie of [undefined, stranger.cookie]) {
        const res = await media(url, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.rawPayload.length).toBeLessThan(200);
      }
    }
    expect((await call('GET', `/api/video/v/${live._id}`, stranger.cookie)).json().reason).toBe('membership');
    const after = await ctx.db.selectFrom('videos').select('media_key').where('id', '=', live._id).executeTakeFirstOrThrow();
    expect(after.media_key).toBe(`exclusive/${live._id}`);
  });
});

describe('a live deleted while it streams', () => {
  it('cuts the stream and leaves no file behind: no live folder, no recording', LONG, async () => {
    const live = await createLive();
    const publisher = push(live.streamKey, 20);
    await waitForState(live._id, 'live');
    expect((await call('GET', `/api/video/v/${live._id}`, owner.cookie)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/video/v/${live._id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await publisher.exit).not.toBe(0);
    expect(Date.now() - publisher.startedAt).toBeLessThan(19_000);
    await waitFor(async () => (await listFiles(path.join(ctx.dataDir, 'work', 'live', live._id))).length === 0, 10_000, 100);
    expect(await listFiles(path.join(ctx.config.mediaDir, 'videos', live._id))).toEqual([]);
    expect((await media(`/media/videos/${live._id}/live/master.m3u8`)).statusCode).toBe(404);
  });
});

describe('stream keys', () => {
  it('a new key replaces the old one, and no other answer ever carries a key', LONG, async () => {
    const live = await createLive();
    const renewed = await call('POST', `/api/live/${live._id}/key`, owner.cookie);
    expect(renewed.statusCode).toBe(200);
    const { streamKey } = renewed.json().data as { streamKey: string };
    expect(streamKey).not.toBe(live.streamKey);

    expect(await push(live.streamKey, 4).exit).not.toBe(0);
    const publisher = push(streamKey, 6);
    await waitForState(live._id, 'live');

    const answers = await Promise.all([
      call('GET', `/api/video/v/${live._id}`, owner.cookie),
      call('GET', `/api/video/v/${live._id}`, viewer.cookie),
      call('GET', '/api/video'),
      call('GET', `/api/video/details/${live._id}`, owner.cookie),
      call('GET', `/api/dashboard/videos/${owner.id}`, owner.cookie),
      call('GET', `/api/dashboard/stats/${owner.id}`, owner.cookie),
      call('GET', `/api/live/${live._id}`, owner.cookie),
      call('GET', `/api/live/${live._id}`, viewer.cookie),
    ]);
    answers.push(await call('POST', `/api/live/${live._id}/end`, owner.cookie));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      for (const key of [live.streamKey, streamKey]) {
        expect(res.body).not.toContain(key);
        expect(res.body).not.toContain(key.slice(37));
      }
    }
    await publisher.exit;
  });
});

describe('routes', () => {
  it('POST /api/live: signed in only; malformed input is a 400 with the field', LONG, async () => {
    const body = { title: 'T', description: 'D' };
    expect((await call('POST', '/api/live', undefined, body)).statusCode).toBe(401);
    for (const bad of [
      {},
      { description: 'D' },
      { title: 'T', description: '' },
      { ...body, isExclusive: 'yes' },
      { ...body, membersOnly: 'yes' },
      { ...body, membersOnly: null },
      { ...body, isExclusive: true, price: 1 },
      { ...body, price: 'ten' },
      { ...body, streamKey: 'mine' },
    ]) {
      const res = await call('POST', '/api/live', owner.cookie, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
    }
    expect((await call('POST', '/api/live', viewer.cookie, body)).statusCode).toBe(201);
  });

  it('POST /api/live/:videoId/key and /end: the owner only; GET: whoever may see the video', LONG, async () => {
    const live = await createLive();
    const uploaded = (await call('GET', `/api/dashboard/videos/${owner.id}`, owner.cookie)).json().data.videos as {
      _id: string;
    }[];
    for (const path of [`/api/live/${live._id}/key`, `/api/live/${live._id}/end`]) {
      expect((await call('POST', path)).statusCode).toBe(401);
      expect((await call('POST', path, viewer.cookie)).statusCode).toBe(403);
      expect((await call('POST', path.replace(live._id, 'not-an-id'), owner.cookie)).statusCode).toBe(400);
      expect((await call('POST', path.replace(live._id, '0190a0a0-0000-7000-8000-000000000000'), owner.cookie)).statusCode).toBe(
        404,
      );
    }
    // Waiting: its state to whoever may see it once live (everyone).
    expect(await liveState(live._id)).toMatchObject({ status: 'waiting', startedAt: null, viewers: 0 });
    expect(await liveState(live._id, viewer.cookie)).toMatchObject({ status: 'waiting', startedAt: null, viewers: 0 });
    expect((await call('GET', '/api/live/not-an-id')).statusCode).toBe(400);
    expect(await liveState(live._id, owner.cookie)).toEqual({ status: 'waiting', startedAt: null, viewers: 0, refused: null });
    expect(uploaded.some((v) => v._id === live._id)).toBe(true);

    expect((await call('POST', `/api/live/${live._id}/key`, owner.cookie)).statusCode).toBe(200);
    const ended = await call('POST', `/api/live/${live._id}/end`, owner.cookie);
    expect(ended.json().data).toMatchObject({ status: 'ended' });
    // Again: nothing more happens; an ended live takes no new key.
    expect((await call('POST', `/api/live/${live._id}/end`, owner.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/live/${live._id}/key`, owner.cookie)).statusCode).toBe(409);
    // Nothing was streamed: no replay, a reason its owner reads.
    const failed = await waitFor(async () => {
      const w = await watch(live._id, owner.cookie);
      return w?.status === 'failed' ? w : null;
    }, 30_000);
    expect(failed.isLive).toBe(false);
  });
});

describe('a live opened before its stream starts', () => {
  const card = { isLive: true, status: 'waiting', hlsUrl: null, videoFile: null, storyboardUrl: null, captions: [] };

  it('answers its card to everyone (no media), its state, and stays out of lists', LONG, async () => {
    const live = await createLive({ title: 'Early bird live' });
    for (const cookie of [undefined, viewer.cookie, owner.cookie]) {
      const res = await call('GET', `/api/video/v/${live._id}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ ...card, _id: live._id, title: 'Early bird live', owner: { _id: owner.id } });
      expect((await call('GET', `/api/live/${live._id}`, cookie)).json().data).toMatchObject({ status: 'waiting' });
    }
    // Its chat and a history entry are open to a signed-in viewer, as on a listed video.
    expect((await call('GET', `/api/comment/video/${live._id}`, viewer.cookie)).statusCode).toBe(200);
    // Not ready: in no list, nor in search, nor in its channel's videos.
    const list = (await call('GET', '/api/video')).json().data.videos as { _id: string }[];
    expect(list.some((v) => v._id === live._id)).toBe(false);
    const search = (await call('GET', `/api/video?query=${encodeURIComponent('Early bird live')}`)).json().data.videos as {
      _id: string;
    }[];
    expect(search.some((v) => v._id === live._id)).toBe(false);
    // Once ended without a stream it is no longer a card for others.
    await call('POST', `/api/live/${live._id}/end`, owner.cookie);
    expect((await call('GET', `/api/video/v/${live._id}`, viewer.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/live/${live._id}`, viewer.cookie)).statusCode).toBe(404);
  });

  it('an exclusive live: the card to everyone, no media URL, no token; a purchase refusal once it is live', LONG, async () => {
    const live = await createLive({ title: 'Paid early live', isExclusive: true, price: 10 });
    for (const cookie of [undefined, viewer.cookie]) {
      const res = await call('GET', `/api/video/v/${live._id}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ ...card, isExclusive: true, title: 'Paid early live' });
      // No media token (the thumbnail is public, as on any exclusive video's card).
      expect(res.body).not.toContain('/media/t/');
    }
    expect((await liveState(live._id)).status).toBe('waiting');
    // Acting on it still needs access, as for any exclusive video.
    expect((await call('GET', `/api/comment/video/${live._id}`, viewer.cookie)).statusCode).toBe(401);

    const publisher = push(live.streamKey, 8);
    try {
      await waitForState(live._id, 'live');
      const refused = await call('GET', `/api/video/v/${live._id}`, viewer.cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ reason: 'purchase' });
      expect((await watch(live._id, owner.cookie)).hlsUrl).toMatch(/^\/media\/t\//);
    } finally {
      publisher.stop();
    }
  });
});
