import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTranscodeHandler } from '../../src/features/videos/transcode.job.ts';
import { createVideosRepo } from '../../src/features/videos/videos.repo.ts';
import { listFiles, makeClip, waitFor } from '../clips.ts';
import { createVideo } from '../factories.ts';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage } from '../support.ts';

// Files that are not videos but make an unguarded ffprobe/ffmpeg read other files (the issue:
// a text HLS playlist uploaded as clip.mp4 got an exclusive video republished for free). Each
// is refused with 415 and nothing reaches storage; the transcode job cannot be led there either.

const run = promisify(execFile);
const ctx = await createTestContext({}, { worker: true });
const { app, config } = ctx;
const owner = await registerUser(ctx);
const attacker = await registerUser(ctx);

/** A real exclusive video, uploaded and transcoded: what the attacks try to read. */
/** The exclusive video to steal: its folder, and its (only: a small clip) rung's playlist and file. */
let target: { id: string; dir: string; playlist: string; media: string };
beforeAll(async () => {
  const clip = await makeClip('exclusive.mp4', { seconds: 2, width: 320, height: 240 });
  const res = await upload(owner.cookie, await fs.readFile(clip), 'exclusive.mp4', { isExclusive: 'true', price: '9' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await waitFor(async () => {
    const videos = (
      await app.inject({ method: 'GET', url: `/api/dashboard/videos/${owner.id}`, headers: { cookie: owner.cookie } })
    ).json().data.videos as { _id: string; status: string; progress: number }[];
    return videos.some((v) => v._id === id && v.status === 'ready' && v.progress === 100);
  }, 120_000);
  // Exclusive videos' files live under exclusive/<id> (storage/media-keys.ts).
  const dir = path.join(config.mediaDir, 'exclusive', id);
  const files = await listFiles(dir);
  expect(files).toContain('video.m3u8');
  target = { id, dir, playlist: 'video.m3u8', media: 'video.mp4' };
}, 180_000);

async function upload(cookie: string, data: Buffer, filename: string, fields: Record<string, string> = {}, thumbnail = true) {
  const files = {
    videoFile: { data, filename, type: 'video/mp4' },
    ...(thumbnail ? { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } } : {}),
  };
  const form = multipart({ title: 'Free movie', description: 'Totally mine', ...fields }, files, cookie);
  return app.inject({ method: 'POST', url: '/api/video/new', ...form });
}

const hls = (...lines: string[]) => ['#EXTM3U', '#EXT-X-TARGETDURATION:10', ...lines, '#EXT-X-ENDLIST', ''].join('\n');
/** An ISO-BMFF `ftyp` box, so the bytes sniff as MP4. */
const FTYP = Buffer.from('0000001c667479706973366f6d000002006973366f6d69736f32617663316d703431', 'hex');

interface Attack {
  name: string;
  bytes: () => Buffer;
  /** Where an unguarded ffprobe would read it from and find the exclusive video ('tmp' at upload, 'sources' in the job). */
  readsFrom?: 'tmp' | 'sources';
  filename?: string;
}

const attacks: Attack[] = [
  {
    name: 'an HLS playlist naming ../media/videos/<id>/video.mp4 (read from the temp folder)',
    bytes: () => Buffer.from(hls('#EXTINF:1,', `../media/exclusive/${target.id}/video.mp4`)),
    readsFrom: 'tmp',
  },
  {
    name: 'an HLS playlist naming ../exclusive/<id>/video.mp4 (read from sources/ by the job)',
    bytes: () => Buffer.from(hls('#EXTINF:1,', `../exclusive/${target.id}/video.mp4`)),
    readsFrom: 'sources',
  },
  {
    name: "an HLS master playlist naming the exclusive video's own rung",
    bytes: () =>
      Buffer.from(
        ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=100000', `../media/exclusive/${target.id}/${target.playlist}`, ''].join('\n'),
      ),
    readsFrom: 'tmp',
  },
  {
    name: 'an HLS playlist with #EXT-X-MAP and absolute file: URLs',
    bytes: () =>
      Buffer.from(
        hls(
          '#EXT-X-VERSION:7',
          `#EXT-X-MAP:URI="file:${target.dir}/${target.media}",BYTERANGE="2000@0"`,
          '#EXTINF:4,',
          '#EXT-X-BYTERANGE:100000@2000',
          `file:${target.dir}/${target.media}`,
        ),
      ),
    readsFrom: 'tmp',
  },
  {
    name: 'an HLS playlist named .m3u8',
    bytes: () => Buffer.from(hls('#EXTINF:1,', `../media/exclusive/${target.id}/video.mp4`)),
    filename: 'clip.m3u8',
  },
  {
    name: 'an ffconcat list',
    bytes: () =>
      Buffer.from(`ffconcat version 1.0\nfile ../media/exclusive/${target.id}/video.mp4\nfile ${target.dir}/video.mp4\n`),
  },
  {
    name: 'an image-sequence pattern (as content and as file name)',
    bytes: () => Buffer.from(`../media/exclusive/${target.id}/seg_%05d.m4s\n`),
    filename: 'seg_%05d.mp4',
  },
  { name: 'a text file', bytes: () => Buffer.from('just some text, not a video\n'.repeat(50)) },
  { name: 'a picture renamed .mp4', bytes: () => testImage() },
  {
    name: 'an HLS playlist behind an MP4 signature',
    bytes: () => Buffer.concat([FTYP, Buffer.from(`\n${hls('#EXTINF:1,', `../media/exclusive/${target.id}/video.mp4`)}`)]),
  },
];

/** Everything under the media and temp folders, and the attacker's upload count. */
async function state() {
  const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: attacker.cookie } })).json().data;
  return { media: await listFiles(config.mediaDir), tmp: await listFiles(config.tmpDir), uploaded: me.uploads.uploaded };
}

describe.each(attacks)('$name', (attack) => {
  if (attack.readsFrom) {
    it('really reads the exclusive video when ffprobe guesses the format (the attack is real)', async () => {
      const dir = attack.readsFrom === 'tmp' ? config.tmpDir : path.join(config.mediaDir, 'sources');
      const file = path.join(dir, 'premise.upload');
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(file, attack.bytes());
      try {
        const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
        expect(stdout).toMatch(/video/);
      } finally {
        await fs.rm(file, { force: true });
      }
    });
  }

  it('is refused: 415, nothing stored, nothing left in tmp', async () => {
    const before = await state();
    const res = await upload(attacker.cookie, attack.bytes(), attack.filename ?? 'clip.mp4');
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual(errorEnvelope(415, 'File must be a video'));
    expect(await state()).toEqual(before);
    expect(before.tmp).toEqual([]);
  });

  it('without a thumbnail it is refused before it is probed: 400, nothing stored, nothing left in tmp', async () => {
    const before = await state();
    const res = await upload(attacker.cookie, attack.bytes(), attack.filename ?? 'clip.mp4', {}, false);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      data: 'Thumbnail is required',
      details: [{ field: 'thumbnail', problem: 'is required' }],
    });
    expect(await state()).toEqual(before);
  });
});

describe('the transcode job', () => {
  it('re-sniffs its source: a playlist planted in sources/ cannot make it read the exclusive video', async () => {
    const id = await createVideo(ctx.db, attacker.id, { status: 'processing' });
    const sourceKey = `sources/${id}`;
    await ctx.db.updateTable('videos').set({ source_key: sourceKey }).where('id', '=', id).execute();
    await fs.writeFile(path.join(config.mediaDir, sourceKey), hls('#EXTINF:1,', `../exclusive/${target.id}/video.mp4`));
    const handler = createTranscodeHandler({
      repo: createVideosRepo(ctx.db),
      storage: ctx.deps.storage,
      config,
      events: ctx.deps.events,
      log: ctx.deps.log,
    });
    await handler({ videoId: id }, { attempt: 1, isLastAttempt: true, signal: new AbortController().signal });
    const row = await ctx.db
      .selectFrom('videos')
      .select(['status', 'has_hls', 'has_mp4'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', has_hls: false, has_mp4: false });
    expect(await listFiles(path.join(config.mediaDir, 'videos', id))).toEqual([]);
  });

  it('still transcodes real containers other than MP4 (WebM, MPEG-TS, AVI)', async () => {
    for (const [file, codecs] of [
      ['real.webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8']],
      ['real.ts', ['-c:v', 'mpeg2video']],
      ['real.avi', ['-c:v', 'mpeg4']],
    ] as const) {
      const out = path.join(ctx.dataDir, file);
      await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', ...codecs, out]);
      const res = await upload(owner.cookie, await fs.readFile(out), file);
      expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
      const id = res.json().data._id as string;
      await waitFor(async () => {
        const row = await ctx.db.selectFrom('videos').select(['status', 'has_mp4']).where('id', '=', id).executeTakeFirst();
        if (row?.status === 'failed') throw new Error(`${file} failed`);
        // Done, and its source removed: nothing of it changes any more.
        return row?.has_mp4 && !(await listFiles(path.join(config.mediaDir, 'sources'))).includes(id);
      }, 120_000);
    }
  });
});

describe('images are read by their bytes too', () => {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">` +
      `<image xlink:href="file:///etc/passwd" width="64" height="64"/></svg>`,
  );
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it.each([
    ['an SVG', svg],
    ['a PDF', pdf],
    ['a playlist', Buffer.from(hls('#EXTINF:1,', 'a.png'))],
  ])('%s as an avatar or thumbnail, whatever its name and type, is a 415', async (_name, data) => {
    const before = await state();
    const avatar = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_avatar',
      ...multipart({}, { avatar: { data, filename: 'me.png', type: 'image/png' } }, attacker.cookie),
    });
    expect(avatar.statusCode, avatar.body).toBe(415);
    expect(avatar.json()).toMatchObject({ data: 'File must be an image', success: false });
    const clip = await makeClip('with-bad-thumb.mp4', { seconds: 1, width: 160, height: 120, audio: false });
    const thumbnail = await app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'T', description: 'D' },
        {
          videoFile: { data: await fs.readFile(clip), filename: 'v.mp4', type: 'video/mp4' },
          thumbnail: { data, filename: 't.png', type: 'image/png' },
        },
        attacker.cookie,
      ),
    });
    expect(thumbnail.statusCode, thumbnail.body).toBe(415);
    expect(await state()).toEqual(before);
  });
});
