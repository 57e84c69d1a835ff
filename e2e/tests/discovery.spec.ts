import fs from 'node:fs';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

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
    const alpha = await uploadVideo(page, 'Alpha sunrise', { seconds: 3 });
    const beta = await uploadVideo(page, 'Beta ocean', { seconds: 4 });
    const gamma = await uploadVideo(page, 'Gamma forest', { seconds: 5 });
    await waitUntilReady(page, await currentUserId(page), [alpha, beta, gamma]);
    // Views: Alpha 2, Gamma 1, Beta 0 (an order different from the durations').
    await viewAs(baseURL!, [alpha, gamma]);
    await viewAs(baseURL!, [alpha]);
    // Views are written in batches (VIEW_FLUSH_MS) and lists are cached (LIST_CACHE_MS): the counts
    // reach the list within seconds (docs/architecture.md, Events), so the sort waits until they have.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/video?name=${user.username}&sortBy=views&sortType=desc`);
          return ((await res.json()) as { data: { videos: Array<{ views: number }> } }).data.videos.map((v) => v.views);
        },
        { timeout: 30_000 },
      )
      .toEqual([2, 1, 0]);

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
