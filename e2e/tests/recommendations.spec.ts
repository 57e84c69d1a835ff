import { expect, test, type Browser } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos } from '../support/videos';

/** Another signed-in viewer in a context of their own, who watched (history) `track` and viewed `view`. */
async function viewer(browser: Browser, baseURL: string, watched: { track?: string[]; view?: string[] }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerViaApi(page, uniqueUser('mate'));
  for (const id of watched.track ?? []) expect((await page.request.post(`/api/watchHistory/track/${id}`)).status()).toBe(200);
  for (const id of watched.view ?? []) expect((await page.request.get(`/api/video/v/${id}`)).status()).toBe(200);
  await context.close();
}

test.describe('recommendations', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a viewer who watched two videos of a taste sees the third first in For you; Trending is in the sidebar', async ({
    page,
    browser,
    baseURL,
  }) => {
    const channel = await channelWithVideos(
      browser,
      baseURL!,
      [{ title: 'Taste one' }, { title: 'Taste two' }, { title: 'Taste three' }, { title: 'Crowd pleaser' }].map((v) => ({
        ...v,
        clip: { seconds: 2 },
      })),
      'taste',
    );
    const [one, two, three, popular] = channel.videoIds as [string, string, string, string];
    // Viewers of the taste watched all three; more people viewed the crowd pleaser (trending).
    for (let i = 0; i < 2; i++) await viewer(browser, baseURL!, { track: [one, two, three] });
    for (let i = 0; i < 3; i++) await viewer(browser, baseURL!, { view: [popular] });

    await registerViaApi(page, uniqueUser('taster'));
    for (const id of [one, two]) {
      await page.goto(`/video/watch/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Up next' })).toBeVisible();
    }

    // The co-watch neighbours are refreshed in the background (RECOMMENDATIONS_REFRESH_SECONDS).
    const shelf = page.getByRole('region', { name: 'For you' });
    await expect
      .poll(
        async () => {
          await page.goto('/home');
          await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
          await expect(shelf.getByRole('article').first()).toBeVisible();
          return shelf.getByRole('article').first().getAttribute('aria-label');
        },
        { timeout: 60_000, intervals: [2000] },
      )
      .toBe('Taste three');
    // Never what they watched; the grid below stays.
    await expect(shelf.getByRole('article', { name: 'Taste one' })).toHaveCount(0);
    await expect(shelf.getByRole('article', { name: 'Taste two' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/\/trending$/);
    await expect(page.getByRole('heading', { name: 'Trending', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Trending videos' }).getByRole('article', { name: 'Crowd pleaser' }),
    ).toBeVisible();
    await channel.close();
  });
});
