import { expect, test } from '@playwright/test';
import type { HistoryEntry } from '@streamhub/contract';
import { apiError, apiOk, historyEntry, owner, videoCard } from '../support/api-stubs';
import { registerViaApi } from '../support/users';
import { channelWithVideos } from '../support/videos';
import { openInApp } from '../support/navigation';

/**
 * Liked Videos and Watch History (SPEC §2, §8) on a real upload; each test signs in a viewer of its
 * own. Answers are stubbed only for what the real server cannot be made to do on demand: a call
 * failing, and history entries from days in the past. watch.spec.ts removes entries for real.
 */

let hank: Awaited<ReturnType<typeof channelWithVideos>>;
let clipId: string;

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(120_000);
  hank = await channelWithVideos(
    browser,
    info.project.use.baseURL!,
    [{ title: 'Kept clip', clip: { seconds: 2, width: 320, height: 180, audio: false } }],
    'hank',
  );
  clipId = hank.videoIds[0]!;
});
test.afterAll(async () => {
  await hank?.close();
});

/** 'day month year' of `iso` in the browser's time zone, as the history headings write it. */
function dayHeading(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'long' })} ${date.getFullYear()}`;
}

test.describe('liked videos and watch history', () => {
  test('a failed removal from Liked Videos shows the Error toast and keeps the video', async ({ page }) => {
    await registerViaApi(page);
    const liked = await page.request.post(`/api/like/v/${clipId}`);
    expect(liked.status(), await liked.text()).toBe(200);
    await page.goto('/liked');
    await expect(page.getByRole('heading', { name: 'Liked Videos', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kept clip' })).toBeVisible();

    // A server error on the toggle (the real server would remove the like).
    await page.route(`**/api/like/v/${clipId}`, (route) => route.fulfill(apiError(500, 'Something broke')));
    await page.getByRole('button', { name: 'Remove Kept clip from liked videos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Liked Video?' });
    // No is the safe default and Yes is reachable by keyboard.
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Yes' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kept clip' })).toBeVisible();

    // The server still has the like.
    await page.unroute(`**/api/like/v/${clipId}`);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Kept clip' })).toBeVisible();
  });

  test("history lists today's watch under today's date; a failed load offers Try Again, a failed removal keeps it", async ({
    page,
  }) => {
    await registerViaApi(page);
    const tracked = await page.request.post(`/api/watchHistory/track/${clipId}`);
    expect(tracked.status(), await tracked.text()).toBe(200);
    const entry = ((await tracked.json()) as { data: HistoryEntry }).data;
    const today = await page.evaluate(dayHeading, entry.watchedAt);

    // The first load fails (an answer the real server does not give); Try Again reloads the page,
    // and from then on the real server answers.
    let failures = 1;
    await page.route('**/api/watchHistory', (route) =>
      failures-- > 0 ? route.fulfill(apiError(400, 'Bad request')) : route.fallback(),
    );
    await openInApp(page, '/history');
    await expect(page.getByText('Failed to load watch history. Please try again later.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();

    const days = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(days).toHaveText([today]);
    await expect(page.getByRole('region', { name: today }).getByRole('link', { name: 'Kept clip' })).toBeVisible();

    // A server error on the removal keeps the entry.
    await page.route(`**/api/watchHistory/remove/${entry._id}`, (route) => route.fulfill(apiError(500, 'Something broke')));
    await page.getByRole('button', { name: 'Remove Kept clip from watch history' }).click();
    await page.getByRole('dialog', { name: 'Remove Video?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: today }).getByRole('link', { name: 'Kept clip' })).toBeVisible();
  });

  test("a watch page's GET records nothing; the page's own call in the browser does", async ({ page }) => {
    await registerViaApi(page);
    // The page's HTML alone (no code runs): a GET changes nothing.
    const opened = await page.request.get(`/video/watch/${clipId}`);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toContain('Kept clip');
    const history = async () => ((await (await page.request.get('/api/watchHistory')).json()) as { data: unknown[] }).data;
    expect(await history()).toEqual([]);
    // Opened in the browser, the page sends the history call itself.
    const tracked = page.waitForResponse((res) => res.url().endsWith(`/api/watchHistory/track/${clipId}`));
    await page.goto(`/video/watch/${clipId}`);
    expect((await tracked).status()).toBe(200);
    await page.goto('/history');
    await expect(page.getByRole('main').getByRole('link', { name: 'Kept clip' })).toBeVisible();
  });

  test('history from past days is grouped by day, newest first', async ({ page }) => {
    await registerViaApi(page);
    // Entries watched on past days: the real server records every watch at the time it happens.
    const hankOwner = owner({ _id: hank.id, fullname: hank.user.fullname, username: hank.user.username });
    const card = (id: string, title: string) => videoCard({ _id: id, title, owner: [hankOwner] });
    await page.route('**/api/watchHistory', (route) =>
      route.fulfill(
        apiOk([
          historyEntry('h-3', '2026-03-05T12:00:00.000Z', card('v-3', 'Newest clip')),
          historyEntry('h-2', '2026-03-05T09:00:00.000Z', card('v-2', 'Newer clip')),
          historyEntry('h-1', '2026-03-04T12:00:00.000Z', card('v-1', 'Older clip')),
        ]),
      ),
    );
    await openInApp(page, '/history');
    const days = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(days).toHaveText(['5 March 2026', '4 March 2026']);
    // Newest first within a day too.
    await expect(page.getByRole('region', { name: '5 March 2026' }).getByRole('link', { name: / clip$/ })).toHaveText([
      'Newest clip',
      'Newer clip',
    ]);
    await expect(page.getByRole('region', { name: '4 March 2026' }).getByRole('link', { name: 'Older clip' })).toBeVisible();
  });
});
