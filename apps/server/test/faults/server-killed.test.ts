import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRunning, listFiles, makeClip, processesIn, waitFor } from '../clips.ts';
import {
  createFaultEnv,
  currentUserId,
  expectAllRenditions,
  register,
  tmpFiles,
  uploadClip,
  waitFinished,
  watchScenario,
} from './harness.ts';
import { testImage } from '../support.ts';

const env = await createFaultEnv('server');

/** Starts a 40 MB video upload and sends only its first 8 MB; the request stays open. */
function startSlowUpload(cookie: string) {
  const boundary = `----fault${Date.now()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('title', 'Cut off') +
      field('description', 'The server dies during this upload') +
      `--${boundary}\r\nContent-Disposition: form-data; name="videoFile"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  // The thumbnail follows the video, so it is never sent: the one temp file is the video's.
  const tail = Buffer.concat([
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    testImage(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const fileBytes = 40 * 1024 * 1024;
  const request = http.request(`${env.base}/api/video/new`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + fileBytes + tail.length,
    },
  });
  request.on('error', () => {}); // the server dies under it
  request.write(head);
  request.write(Buffer.alloc(8 * 1024 * 1024, 7));
  return request;
}

describe('the server killed (kill -9)', () => {
  it(
    'mid-upload: the restarted server has removed the partial upload, and nothing was stored',
    { timeout: 180_000 },
    async () => {
      await env.start();
      const cookie = await register(env.base, 'cutoff');
      const ownerId = await currentUserId(env.base, cookie);
      const upload = startSlowUpload(cookie);
      await waitFor(async () => {
        const [file] = await tmpFiles(env.dataDir);
        return file && (await fs.stat(path.join(env.dataDir, 'tmp', file))).size > 0;
      });
      await env.server.kill9();
      upload.destroy();
      // The crash left the partial file behind…
      expect(await tmpFiles(env.dataDir)).toHaveLength(1);

      await env.start();
      // …and the restarted server removed it before taking requests.
      expect(await tmpFiles(env.dataDir)).toEqual([]);
      const res = await fetch(`${env.base}/api/dashboard/videos/${ownerId}`, { headers: { cookie } });
      expect(((await res.json()) as any).data).toMatchObject({ videos: [], uploads: { uploaded: 0 } });
      expect(await listFiles(path.join(env.dataDir, 'media', 'sources'))).toEqual([]);
    },
  );

  it(
    'mid-transcode: its encoder dies with it; after the restart one retry finishes the video',
    { timeout: 180_000 },
    async () => {
      await env.ensureStarted();
      const cookie = await register(env.base, 'midjob');
      const ownerId = await currentUserId(env.base, cookie);
      const clip = await makeClip('ten.mp4', { seconds: 10, width: 640, height: 360 });
      const watch = watchScenario(env.base, env.dataDir);
      const id = await uploadClip(env.base, cookie, clip);
      const dir = path.join(env.dataDir, 'media', 'videos', id);
      const work = path.join(env.dataDir, 'work', id);
      // Killed while ffmpeg writes its work folder and a rung playlist has been published with its first segment.
      const playlists = async () => (await listFiles(dir)).filter((f) => f.endsWith('.m3u8') && f !== 'master.m3u8');
      await waitFor(async () => (await playlists()).length > 0 && (await processesIn(work)).length > 0, 90_000, 20);
      const [encoder] = await processesIn(work);
      await env.server.kill9();

      // The encoder was tied to the server's life: gone, without finishing any rendition.
      await waitFor(async () => !(await isRunning(encoder!)), 30_000, 20);
      for (const playlist of await playlists()) {
        expect(await fs.readFile(path.join(dir, playlist), 'utf8')).not.toContain('#EXT-X-ENDLIST');
      }

      await env.start();
      await waitFinished(env.base, cookie, ownerId, id);
      const report = await watch.stop();
      // The killed attempt's encoder, then the retry's: one after the other, never side by side.
      expect(report).toMatchObject({
        unlistedFiles: [],
        maxEncodersPerFolder: 1,
        foldersEncoded: 1,
        encoders: 2,
        missingRetryAfter: [],
      });
      expect(Object.keys(report.statuses)).toEqual(['200']);
      await expectAllRenditions(env.base, id, ['360p', '240p']);
      expect(await tmpFiles(env.dataDir)).toEqual([]);
    },
  );
});
