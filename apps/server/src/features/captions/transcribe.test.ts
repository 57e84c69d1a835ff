import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/clips.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { createTranscribeProvider, TONE_TEXT } from './transcribe.ts';

const run = promisify(execFile);

/**
 * Automatic captions (docs/captions.md): the `video.transcribe` job after a real transcode, with
 * the `test` engine on a known audio track (a 440 Hz tone in the first second of every two), and
 * the `pocketsphinx` engine on speech made by flite.
 */
const ctx = await createTestContext({ TRANSCRIBE_PROVIDER: 'test' }, { worker: true });
const { app } = ctx;
const owner = await registerUser(ctx);

/** A clip whose audio is a tone during [0, 1) and [2, 3), silence otherwise (AAC in MP4). */
async function toneClip(seconds = 4): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-tones-'));
  const out = path.join(dir, 'tones.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `aevalsrc=0.5*sin(2*PI*440*t)*lt(mod(t\\,2)\\,1):s=48000:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  return out;
}

async function uploadClip(file: string) {
  const files = {
    videoFile: { data: await fs.readFile(file), filename: 'tones.mp4', type: 'video/mp4' },
    thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart({ title: 'Tones', description: 'Beeps' }, files, owner.cookie),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const watch = async (videoId: string) =>
  (await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: { cookie: owner.cookie } })).json().data as {
    hlsUrl: string | null;
    captions: { language: string; label: string; url: string }[];
  };

/** The state of the video's transcription job, once it has finished. */
const transcribed = (videoId: string) =>
  waitFor(async () => {
    const { rows } = await sql<{ state: string }>`
      SELECT state FROM pgboss.job WHERE name = 'video.transcribe' AND data->>'videoId' = ${videoId}`.execute(ctx.db);
    return rows.find((r) => r.state === 'completed' || r.state === 'failed')?.state;
  }, 120_000);

/** [start, end] seconds of each cue of a WebVTT. */
const cueTimes = (vtt: string) =>
  [...vtt.matchAll(/(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3})/g)].map((m) => [
    Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]),
  ]);

describe('the transcription job (test engine)', () => {
  it('after the transcode, an auto-generated track with a cue for each tone, in the master too', async () => {
    const videoId = await uploadClip(await toneClip());
    expect(await transcribed(videoId)).toBe('completed');
    const v = await waitFor(async () => {
      const w = await watch(videoId);
      return w.captions.length > 0 && w.hlsUrl?.includes('master-c') ? w : null;
    }, 30_000);
    expect(v.captions.map((c) => [c.language, c.label])).toEqual([['en', 'English (auto-generated)']]);
    const vtt = (await app.inject({ method: 'GET', url: v.captions[0]!.url })).body;
    expect(vtt.split('\n').filter((l) => l === TONE_TEXT)).toHaveLength(2);
    const times = cueTimes(vtt);
    expect(times).toHaveLength(2);
    // Tones at [0, 1) and [2, 3); AAC's priming and the detector's window move the edges a little.
    for (const [[start, end], [wantStart, wantEnd]] of times.map((t, i) => [t, [2 * i, 2 * i + 1]] as const)) {
      expect(Math.abs(start! - wantStart!)).toBeLessThan(0.2);
      expect(Math.abs(end! - wantEnd!)).toBeLessThan(0.2);
    }
    const master = (await app.inject({ method: 'GET', url: v.hlsUrl! })).body;
    expect(master).toContain('NAME="English (auto-generated)",LANGUAGE="en"');
    expect((await ctx.db.selectFrom('video_captions').select('auto').where('video_id', '=', videoId).execute())[0]?.auto).toBe(
      true,
    );
  });

  it('never replaces the owner’s own track for its language', async () => {
    const videoId = await uploadClip(await toneClip(2));
    const own = 'WEBVTT\n\n00:00.000 --> 00:01.000\nMy own words\n';
    const res = await app.inject({
      method: 'POST',
      url: `/api/video/v/${videoId}/captions`,
      ...multipart({ language: 'en' }, { file: { data: Buffer.from(own), filename: 'en.vtt', type: 'text/vtt' } }, owner.cookie),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await transcribed(videoId)).toBe('completed');
    const { captions } = await watch(videoId);
    expect(captions.map((c) => [c.language, c.label])).toEqual([['en', 'English']]);
    expect((await app.inject({ method: 'GET', url: captions[0]!.url })).body).toContain('My own words');
  });
});

describe('the pocketsphinx engine', () => {
  it('recognises generated speech, with its timings, at better than real time', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-speech-'));
    const wav = path.join(dir, 'flite.wav');
    // flite's 16 kHz voice: the model is trained on wideband speech (its 8 kHz voices come out garbled).
    await run('flite', ['-voice', 'kal16', '-t', 'This method works for acoustic and electric guitars.', '-o', wav]);
    const provider = createTranscribeProvider('pocketsphinx')!;
    const started = performance.now();
    const cues = await provider.transcribe({ file: wav, workDir: dir, signal: AbortSignal.timeout(60_000), nice: 0 });
    const seconds = (performance.now() - started) / 1000;
    const words = cues.flatMap((c) => c.lines.join(' ').split(' '));
    expect(words).toEqual(expect.arrayContaining(['acoustic', 'electric']));
    expect(cues[0]!.startMs).toBeLessThan(cues.at(-1)!.endMs);
    // A few seconds of speech; generous for a shared machine, and far from a stuck process.
    expect(seconds).toBeLessThan(30);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
