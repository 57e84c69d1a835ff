import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';

/** A short test clip (SPEC: real video, the server probes it) of the given length in seconds. */
function makeClip(seconds: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-clip-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, `clip-${seconds}.mp4`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** Uploads through the API with the page's cookies (not the upload UI) and returns the video id. */
async function uploadVideo(page: Page, title: string, seconds: number): Promise<string> {
  const response = await page.request.post('/api/video/new', {
    multipart: {
      title,
      description: `${title} description`,
      thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip(seconds)) },
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function waitUntilReady(page: Page, ownerId: string, ids: string[]) {
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

async function currentUserId(page: Page) {
  const res = await page.request.get('/api/users/me');
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

test.describe('watching', () => {
  test.describe.configure({ timeout: 180_000 });

  test('plays with hls.js, likes survive a reload, history and liked lists can remove it', async ({ page }) => {
    await registerViaApi(page, uniqueUser('watch'));
    const main = await uploadVideo(page, 'Delta river', 4);
    const other = await uploadVideo(page, 'Echo meadow', 3);
    await waitUntilReady(page, await currentUserId(page), [main, other]);

    await page.goto(`/video/watch/${main}`);
    await expect(page.getByRole('heading', { name: 'Delta river', level: 1 })).toBeVisible({ timeout: 20_000 });
    const player = page.getByTestId('video-player');
    await expect(player).toHaveAttribute('data-engine', 'hls');
    await expect(player.locator('video')).toHaveAttribute('controlslist', 'nodownload');
    await expect
      .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(page.getByText('Delta river description')).toBeVisible();
    await expect(page.getByRole('heading', { name: '0 Comments' })).toBeVisible();
    // The owner does not see Subscribe on their own video.
    await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    // More videos lists the other upload, not this one.
    const more = page.getByRole('complementary');
    await expect(more.getByRole('heading', { name: 'More videos' })).toBeVisible();
    await expect(more.getByRole('link', { name: /Echo meadow/ })).toBeVisible();
    await expect(more.getByRole('link', { name: /Delta river/ })).toHaveCount(0);

    // 'Add' opens the playlist picker.
    await page.getByRole('button', { name: 'Add' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a Playlist' });
    await expect(picker.getByText('No playlists available')).toBeVisible();
    await page.keyboard.press('Escape');

    const like = page.getByTestId('like-button');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('like-count')).toHaveText('0');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-count')).toHaveText('1');
    await expect(like).toBeEnabled();

    await page.reload();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-count')).toHaveText('1');

    // Watch History: listed under today's date; removing it asks first.
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Watch History', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Delta river' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Delta river from watch history' }).click();
    const confirmHistory = page.getByRole('dialog', { name: 'Remove Video?' });
    await expect(confirmHistory).toContainText('cannot be undone');
    await confirmHistory.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Removed!')).toBeVisible();
    await expect(page.getByText('No Watch History')).toBeVisible();

    // Liked Videos: removing is the like toggle.
    await page.goto('/liked');
    await expect(page.getByRole('heading', { name: 'Liked Videos', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Delta river' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Delta river from liked videos' }).click();
    await page.getByRole('dialog', { name: 'Remove Liked Video?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Removed!')).toBeVisible();
    await expect(page.getByText('No Liked Videos')).toBeVisible();
  });

  test('a missing video shows the error view with a way home', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/video/watch/01a201f8-ed5f-7c96-83bf-681d4c536aa7');
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
    await expect(page.getByText('There was a problem loading this video.')).toBeVisible();
    await page.getByRole('button', { name: 'Return to home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
