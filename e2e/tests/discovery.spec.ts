import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
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

/** Another signed-in viewer (own cookie jar) who opens the given videos once each: one view each. */
async function viewAs(baseURL: string, videoIds: string[]) {
  const viewer: APIRequestContext = await request.newContext({ baseURL });
  const user = uniqueUser('viewer');
  const reg = await viewer.post('/api/users/register', {
    multipart: { ...user, avatar: { name: 'a.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) } },
  });
  expect(reg.status()).toBe(201);
  for (const id of videoIds) expect((await viewer.get(`/api/video/v/${id}`)).status()).toBe(200);
  await viewer.dispose();
}

const cardTitles = (page: Page) => page.getByTestId('video-card').getByRole('link', { name: /Alpha|Beta|Gamma/ });

test.describe('discovery', () => {
  test.describe.configure({ timeout: 180_000 });

  test('search from the top bar and sort the home grid', async ({ page, baseURL }) => {
    const user = await registerViaApi(page, uniqueUser('disc'));
    const alpha = await uploadVideo(page, 'Alpha sunrise', 3);
    const beta = await uploadVideo(page, 'Beta ocean', 4);
    const gamma = await uploadVideo(page, 'Gamma forest', 5);
    await waitUntilReady(page, await currentUserId(page), [alpha, beta, gamma]);
    // Views: Alpha 2, Gamma 1, Beta 0 (an order different from the durations').
    await viewAs(baseURL!, [alpha, gamma]);
    await viewAs(baseURL!, [alpha]);

    await page.goto('/home');
    const search = page.getByRole('search', { name: 'Video search' });
    await search.getByRole('searchbox', { name: 'Search videos' }).fill('ocean');
    await search.getByRole('searchbox', { name: 'Search videos' }).press('Enter');
    await expect(page).toHaveURL(/\/home\?query=ocean$/);
    await expect(cardTitles(page)).toHaveText(['Beta ocean']);
    await expect(page.getByText('Alpha sunrise')).toHaveCount(0);
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();

    // Only this channel's videos, so other tests' uploads do not interfere.
    await search.getByRole('searchbox', { name: 'Search videos' }).fill('');
    await search.getByRole('textbox', { name: 'Channel name' }).fill(user.username);
    const direction = search.getByRole('button', { name: /Sort (descending|ascending)/ });
    await expect(direction).toBeDisabled();

    await search.getByRole('combobox', { name: 'Sort by' }).selectOption('duration');
    await expect(direction).toBeEnabled();
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/sortBy=duration&sortType=desc/);
    await expect(cardTitles(page)).toHaveText(['Gamma forest', 'Beta ocean', 'Alpha sunrise']);

    await direction.click();
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/sortBy=duration&sortType=asc/);
    await expect(cardTitles(page)).toHaveText(['Alpha sunrise', 'Beta ocean', 'Gamma forest']);

    await search.getByRole('combobox', { name: 'Sort by' }).selectOption('views');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/sortBy=views&sortType=asc/);
    await expect(cardTitles(page)).toHaveText(['Beta ocean', 'Gamma forest', 'Alpha sunrise']);

    await direction.click();
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/sortBy=views&sortType=desc/);
    await expect(cardTitles(page)).toHaveText(['Alpha sunrise', 'Gamma forest', 'Beta ocean']);

    // A card opens the watch page.
    await cardTitles(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/video/watch/${alpha}$`));
  });

  test('an empty search says so and offers Refresh', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/home?query=zzqqxxnothing');
    await expect(page.getByText('No videos found for “zzqqxxnothing”')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });
});
