import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { makePng } from './images';
import { registerViaApi, uniqueUser, type TestUser } from './users';

export interface ClipOptions {
  seconds?: number;
  width?: number;
  height?: number;
  /** With a sine audio track (AAC); default true. */
  audio?: boolean;
}

const clips = new Map<string, string>();

/**
 * A real H.264 faststart MP4 made with ffmpeg at test time (the server probes the bytes), cached
 * per option set for the run and removed at exit.
 */
export function makeClip({ seconds = 3, width = 320, height = 240, audio = true }: ClipOptions = {}): string {
  const key = `${seconds}-${width}x${height}-${audio}`;
  const cached = clips.get(key);
  if (cached && fs.existsSync(cached)) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-clip-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, `clip-${key}.mp4`);
  const input = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`];
  if (audio) input.push('-f', 'lavfi', '-i', `sine=duration=${seconds}`);
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y', ...input,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []), file,
  ]);
  clips.set(key, file);
  return file;
}

/** Uploads through the API with the page's cookies (not the upload UI) and returns the video id. */
export async function uploadVideo(
  page: Page,
  title: string,
  clip: ClipOptions = {},
  /** An exclusive (paid) video: `{ price: 5 }`. */
  exclusive?: { price: number },
): Promise<string> {
  const response = await page.request.post('/api/video/new', {
    multipart: {
      title,
      description: `${title} description`,
      ...(exclusive ? { isExclusive: 'true', price: String(exclusive.price) } : {}),
      thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip(clip)) },
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Waits until every video in `ids` of `ownerId` is ready and fully processed. */
export async function waitUntilReady(page: Page, ownerId: string, ids: string[]) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dashboard/videos/${ownerId}`);
        const videos = ((await res.json()) as { data: { videos: Array<{ _id: string; status: string; progress: number }> } }).data
          .videos;
        return ids.every((id) => videos.some((v) => v._id === id && v.status === 'ready' && v.progress === 100));
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
}

export async function currentUserId(page: Page): Promise<string> {
  const res = await page.request.get('/api/users/me');
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

export interface ChannelVideo {
  title: string;
  clip?: ClipOptions;
  exclusive?: { price: number };
}

/**
 * Another user, in a browser context of their own (for `beforeAll`: a spec's tests share the
 * uploads and each signs in its own viewer), who uploaded `videos` (ids in the same order) and
 * waited until every one is ready and fully processed.
 */
export async function channelWithVideos(
  browser: Browser,
  baseURL: string,
  videos: ChannelVideo[],
  prefix = 'owner',
): Promise<{ user: TestUser; id: string; videoIds: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await registerViaApi(page, uniqueUser(prefix));
  const id = await currentUserId(page);
  const videoIds: string[] = [];
  for (const video of videos) videoIds.push(await uploadVideo(page, video.title, video.clip, video.exclusive));
  await waitUntilReady(page, id, videoIds);
  return { user, id, videoIds, close: () => context.close() };
}
