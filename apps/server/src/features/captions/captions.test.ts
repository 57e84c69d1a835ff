import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/factories.ts';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage } from '../../../test/support.ts';

/**
 * Captions through the real app (API.md §16, docs/captions.md): who may upload and delete, what
 * a hostile file gets, replace and delete, the SUBTITLES group of a real transcoded video's
 * master, an exclusive video's captions behind its media token, and search by caption words.
 */
const ctx = await createTestContext({}, { worker: true });
const { app } = ctx;

const VTT = 'WEBVTT\n\n00:00.200 --> 00:01.500\n<b onclick="steal()">Hello</b> <script>alert(1)</script>world\n';

function postCaptions(videoId: string, cookie: string | undefined, fields: Record<string, string>, file?: string | Buffer) {
  const files: Record<string, { data: Buffer; filename: string; type: string }> = {};
  if (file !== undefined) files.file = { data: Buffer.from(file), filename: 'captions.txt', type: 'application/octet-stream' };
  return app.inject({ method: 'POST', url: `/api/video/v/${videoId}/captions`, ...multipart(fields, files, cookie) });
}

const deleteCaptions = (videoId: string, language: string, cookie?: string) =>
  app.inject({ method: 'DELETE', url: `/api/video/v/${videoId}/captions/${language}`, headers: cookie ? { cookie } : {} });

const watch = async (videoId: string, cookie?: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { hlsUrl: string | null; captions: { language: string; label: string; url: string }[] };
};

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The files of a video's captions on disk (local driver). */
const captionFilesOf = async (folder: string) =>
  (await fs.readdir(path.join(ctx.config.mediaDir, folder, 'captions')).catch(() => [] as string[])).sort();

const rows = (videoId: string) => ctx.db.selectFrom('video_captions').selectAll().where('video_id', '=', videoId).execute();

const owner = await registerUser(ctx);
const other = await registerUser(ctx);

describe('POST /api/video/v/:videoId/captions: who may, and what is malformed', () => {
  it('anonymous 401, another user 403, a video that does not exist 404; nothing stored', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    expect((await postCaptions(videoId, undefined, { language: 'en' }, VTT)).statusCode).toBe(401);
    const refused = await postCaptions(videoId, other.cookie, { language: 'en' }, VTT);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorEnvelope(403, 'Only the owner can change this video'));
    expect((await postCaptions(randomUUID(), owner.cookie, { language: 'en' }, VTT)).json()).toEqual(
      errorEnvelope(404, 'Video not found'),
    );
    expect(await rows(videoId)).toEqual([]);
    expect(await captionFilesOf(`videos/${videoId}`)).toEqual([]);
  });

  it('the owner: 201 with the canonical tag and the language’s name as the default label', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    const res = await postCaptions(videoId, owner.cookie, { language: 'pt-br' }, VTT);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      statusCode: 201,
      data: { language: 'pt-BR', label: 'Brazilian Portuguese' },
      message: 'Captions uploaded',
      success: true,
    });
    const labelled = await postCaptions(videoId, owner.cookie, { language: 'en', label: 'English (CC)' }, VTT);
    expect(labelled.json().data).toEqual({ language: 'en', label: 'English (CC)' });
    expect((await watch(videoId)).captions.map((c) => [c.language, c.label])).toEqual([
      ['en', 'English (CC)'],
      ['pt-BR', 'Brazilian Portuguese'],
    ]);
  });

  it('GET lists the tracks to their owner only (the edit page)', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT);
    const url = `/api/video/v/${videoId}/captions`;
    expect((await get(url, owner.cookie)).json().data).toEqual([{ language: 'en', label: 'English', auto: false }]);
    expect((await get(url, other.cookie)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('malformed: a language that is no BCP 47 tag, no language, no file, a bad id (400, clear messages)', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    const bad = await postCaptions(videoId, owner.cookie, { language: 'english please' }, VTT);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Language must be a BCP 47 tag such as en or pt-BR');
    expect((await postCaptions(videoId, owner.cookie, {}, VTT)).json().message).toBe('Language is required');
    expect((await postCaptions(videoId, owner.cookie, { language: 'en' })).json()).toMatchObject({
      statusCode: 400,
      message: 'Caption file is required',
    });
    expect((await postCaptions('not-an-id', owner.cookie, { language: 'en' }, VTT)).statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: `/api/video/v/${videoId}/captions`,
      headers: { cookie: owner.cookie },
      payload: { language: 'en' },
    });
    expect(json.statusCode).toBe(400);
    expect(await rows(videoId)).toEqual([]);
  });
});

describe('hostile caption files', () => {
  it('HTML in cues: every tag stripped from the file that is served', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    expect((await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT)).statusCode).toBe(201);
    const [track] = (await watch(videoId)).captions;
    const served = await get(track!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.body).toBe('WEBVTT\n\n00:00:00.200 --> 00:00:01.500\nHello alert(1)world\n');
  });

  it('50 MB: 413 before a byte is stored; just over CAPTION_MAX_BYTES: 413 as well', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    const huge = Buffer.alloc(50 * 1024 * 1024, 'a');
    const res = await postCaptions(videoId, owner.cookie, { language: 'en' }, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorEnvelope(413, 'Caption file too large'));
    const over = Buffer.concat([Buffer.from(VTT), Buffer.alloc(ctx.config.captionMaxBytes, ' ')]);
    expect((await postCaptions(videoId, owner.cookie, { language: 'en' }, over)).statusCode).toBe(413);
    expect(await rows(videoId)).toEqual([]);
    expect(await captionFilesOf(`videos/${videoId}`)).toEqual([]);
    // No temp file left behind either.
    expect(await fs.readdir(ctx.config.tmpDir).catch(() => [])).toEqual([]);
  });

  it('binary content and NUL: 415 with a clear message, nothing stored', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    const message = 'Caption file must be UTF-8 text without binary content';
    for (const file of [testImage(), Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nnul \u0000 inside\n')]) {
      const res = await postCaptions(videoId, owner.cookie, { language: 'en' }, file);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(errorEnvelope(415, message));
    }
    const prose = await postCaptions(videoId, owner.cookie, { language: 'en' }, 'Dear viewer,\nthis is not a caption file.\n');
    expect(prose.json()).toEqual(errorEnvelope(415, 'Caption file must be WebVTT or SRT text'));
    expect(await rows(videoId)).toEqual([]);
  });
});

describe('replace and delete', () => {
  it('a second upload for a language replaces the first (200), its old file goes', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    expect((await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT)).statusCode).toBe(201);
    const first = (await watch(videoId)).captions[0]!;
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nSecond version\n';
    const again = await postCaptions(videoId, owner.cookie, { language: 'en', label: 'English v2' }, srt);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Captions replaced');
    const { captions } = await watch(videoId);
    expect(captions).toHaveLength(1);
    expect(captions[0]).toMatchObject({ language: 'en', label: 'English v2' });
    expect(captions[0]!.url).not.toBe(first.url);
    expect((await get(captions[0]!.url)).body).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nSecond version\n');
    expect((await get(first.url)).statusCode).toBe(404);
    expect(await captionFilesOf(`videos/${videoId}`)).toHaveLength(2); // the .vtt and its playlist
  });

  it('DELETE: anonymous 401, another user 403, malformed 400, the owner 200, then 404', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    expect((await postCaptions(videoId, owner.cookie, { language: 'fr' }, VTT)).statusCode).toBe(201);
    expect((await deleteCaptions(videoId, 'fr')).statusCode).toBe(401);
    expect((await deleteCaptions(videoId, 'fr', other.cookie)).statusCode).toBe(403);
    expect((await deleteCaptions(videoId, 'not%20a%20tag', owner.cookie)).statusCode).toBe(400);
    expect((await deleteCaptions(randomUUID(), 'fr', owner.cookie)).statusCode).toBe(404);
    expect((await watch(videoId)).captions).toHaveLength(1);
    const res = await deleteCaptions(videoId, 'FR', owner.cookie);
    expect(res.json()).toEqual({ statusCode: 200, data: {}, message: 'Captions deleted', success: true });
    expect((await watch(videoId)).captions).toEqual([]);
    expect(await captionFilesOf(`videos/${videoId}`)).toEqual([]);
    expect((await deleteCaptions(videoId, 'fr', owner.cookie)).json()).toEqual(
      errorEnvelope(404, 'No captions in this language'),
    );
  });

  it('each change announces video.changed (list caches drop the video’s old text)', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    const announced = async () =>
      (
        await ctx.db
          .selectFrom('event_outbox')
          .select('name')
          .where('name', '=', 'video.changed')
          .where((eb) => eb('payload', '@>', JSON.stringify({ videoId }) as never))
          .execute()
      ).length;
    await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT);
    await deleteCaptions(videoId, 'en', owner.cookie);
    expect(await announced()).toBe(2);
  });

  it('deleting the video removes its captions, rows and files', async () => {
    const videoId = await createVideo(ctx.db, owner.id);
    await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT);
    expect(await captionFilesOf(`videos/${videoId}`)).toHaveLength(2);
    const res = await app.inject({ method: 'DELETE', url: `/api/video/v/${videoId}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await rows(videoId)).toEqual([]);
    expect(await captionFilesOf(`videos/${videoId}`)).toEqual([]);
  });
});

describe('search by what is said', () => {
  it('finds a video by a word only its captions contain, and no longer once they are deleted', async () => {
    const word = `zebrafinch${Math.floor(Math.random() * 1e6)}`;
    const videoId = await createVideo(ctx.db, owner.id, { title: 'Birds at dawn', description: 'A quiet morning' });
    const search = async () =>
      ((await get(`/api/video?query=${word}`)).json().data.videos as { _id: string }[]).map((v) => v._id);
    expect(await search()).toEqual([]);
    const srt = `1\n00:00:01,000 --> 00:00:03,000\nListen: the ${word} sings\n`;
    expect((await postCaptions(videoId, owner.cookie, { language: 'en' }, srt)).statusCode).toBe(201);
    expect(await search()).toEqual([videoId]);
    await deleteCaptions(videoId, 'en', owner.cookie);
    expect(await search()).toEqual([]);
  });
});

describe('an exclusive video’s captions are its media', () => {
  it('through its token-checked path only: 0 bytes to anyone without access', async () => {
    const videoId = await createVideo(ctx.db, owner.id, { isExclusive: true, priceMinor: 700 });
    expect((await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT)).statusCode).toBe(201);
    const [track] = (await watch(videoId, owner.cookie)).captions;
    expect(track!.url).toMatch(new RegExp(`^/media/t/[^/]+/videos/${videoId}/captions/en-[a-f0-9]+\\.vtt$`));
    expect((await get(track!.url, owner.cookie)).body).toContain('Hello');
    expect(await captionFilesOf(`exclusive/${videoId}`)).toHaveLength(2);
    // Not bought: no watch answer, and the owner's URL (and the untokenised one) give nothing.
    expect((await get(`/api/video/v/${videoId}`, other.cookie)).statusCode).toBe(401);
    const file = track!.url.split(`/videos/${videoId}/`)[1]!;
    let leaked = 0;
    for (const [url, cookie] of [
      [track!.url, other.cookie],
      [track!.url, undefined],
      [`/media/videos/${videoId}/${file}`, other.cookie],
      [`/media/videos/${videoId}/${file}`, owner.cookie],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(403);
      if (res.body.includes('Hello')) leaked += res.rawPayload.length;
    }
    expect(leaked).toBe(0);
  });
});

describe('the SUBTITLES group of a real transcoded video', async () => {
  const clip = await makeClip('captions.mp4', { seconds: 2, width: 320, height: 240 });
  const files = {
    videoFile: { data: await fs.readFile(clip), filename: 'captions.mp4', type: 'video/mp4' },
    thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
  };
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart({ title: 'Captioned', description: 'With captions' }, files, owner.cookie),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const videoId: string = uploaded.json().data._id;
  // Uploaded while the video still processes: the master names it once the transcode is done.
  expect((await postCaptions(videoId, owner.cookie, { language: 'en' }, VTT)).statusCode).toBe(201);
  const captioned = await waitFor(async () => {
    const v = await watch(videoId, owner.cookie);
    return v.hlsUrl && /master-c[a-f0-9]+\.m3u8$/.test(v.hlsUrl) ? v : null;
  }, 120_000);
  const resolve = (base: string, relative: string) => `${base.slice(0, base.lastIndexOf('/') + 1)}${relative}`;

  it('the watch call names the master with the group; every variant refers to it', async () => {
    const master = await get(captioned.hlsUrl!);
    expect(master.statusCode).toBe(200);
    const lines = master.body.split('\n');
    const media = lines.filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'));
    expect(media).toEqual([
      expect.stringMatching(/GROUP-ID="subs",NAME="English",LANGUAGE="en",.*URI="captions\/en-[a-f0-9]+\.m3u8"$/),
    ]);
    const variants = lines.filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) expect(v).toMatch(/,SUBTITLES="subs"$/);
    // The plain master stays as the transcode wrote it.
    expect((await get(resolve(captioned.hlsUrl!, 'master.m3u8'))).body).not.toContain('SUBTITLES');
    // Subtitle playlist → one WebVTT over the whole duration → the cue.
    const playlistUrl = resolve(captioned.hlsUrl!, /URI="([^"]+)"/.exec(media[0]!)![1]!);
    const playlist = await get(playlistUrl);
    expect(playlist.body).toMatch(/#EXTINF:2\.\d{3},\nen-[a-f0-9]+\.vtt\n#EXT-X-ENDLIST/);
    const vtt = await get(
      resolve(
        playlistUrl,
        playlist.body.split('\n').find((l) => l.endsWith('.vtt'))!,
      ),
    );
    expect(vtt.body).toContain('Hello alert(1)world');
    expect(
      resolve(
        playlistUrl,
        playlist.body.split('\n').find((l) => l.endsWith('.vtt'))!,
      ),
    ).toBe(captioned.captions[0]!.url);
  });

  it('TRANSCRIBE_PROVIDER=none: no transcription job after the transcode', async () => {
    const { rows } = await sql`SELECT id FROM pgboss.job WHERE name = 'video.transcribe'`.execute(ctx.db);
    expect(rows).toEqual([]);
  });

  it('a second language joins the group; deleting every track goes back to the plain master', async () => {
    expect((await postCaptions(videoId, owner.cookie, { language: 'de' }, VTT)).statusCode).toBe(201);
    const both = await watch(videoId, owner.cookie);
    expect(both.hlsUrl).not.toBe(captioned.hlsUrl);
    const master = (await get(both.hlsUrl!)).body;
    expect(master.match(/#EXT-X-MEDIA:TYPE=SUBTITLES/g)).toHaveLength(2);
    expect(master).toContain('LANGUAGE="de"');
    // The previous master went with the change (a process may serve it from memory a few seconds more).
    const oldMaster = path.join(ctx.config.mediaDir, 'videos', videoId, captioned.hlsUrl!.split('/').pop()!);
    await expect(fs.access(oldMaster)).rejects.toThrow();
    await deleteCaptions(videoId, 'en', owner.cookie);
    await deleteCaptions(videoId, 'de', owner.cookie);
    const plain = await watch(videoId, owner.cookie);
    expect(plain.hlsUrl).toMatch(/\/master\.m3u8$/);
    expect(plain.captions).toEqual([]);
  });
});
