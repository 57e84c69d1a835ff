import { expect, test } from '@playwright/test';
import { apiError, apiOk, historyEntry, likedVideo, owner, videoCard } from '../support/api-stubs';
import { registerViaApi } from '../support/users';

/**
 * Liked Videos and Watch History states the real server cannot be made to produce on demand
 * (SPEC §2, §8): failing calls, and history entries from past days. The answers are typed by the
 * contract; the real lists and removals are covered by watch.spec.ts.
 */

const hank = owner({ _id: 'owner-h', fullname: 'Hank History', username: 'hank' });
const card = (id: string, title: string) => videoCard({ _id: id, title, owner: [hank] });

test.describe('liked videos and watch history', () => {
  test('a failed removal from Liked Videos shows the Error toast and keeps the video', async ({ page }) => {
    await registerViaApi(page);
    await page.route('**/api/like/likedVideos', (route) =>
      route.fulfill(apiOk([likedVideo('like-1', card('liked-1', 'Kept clip'))])),
    );
    await page.route('**/api/like/v/liked-1', (route) => route.fulfill(apiError(500, 'Something broke')));
    await page.goto('/liked');
    await page.getByRole('button', { name: 'Remove Kept clip from liked videos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Liked Video?' });
    // No is the safe default and Yes is reachable by keyboard.
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Yes' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kept clip' })).toBeVisible();
  });

  test('history groups by day, newest first; a failed load offers Try Again', async ({ page }) => {
    await registerViaApi(page);
    let fail = true;
    await page.route('**/api/watchHistory', (route) =>
      fail
        ? route.fulfill(apiError(400, 'Bad request'))
        : route.fulfill(
            apiOk([
              historyEntry('h-2', '2026-03-05T12:00:00.000Z', card('v-2', 'Newer clip')),
              historyEntry('h-1', '2026-03-04T12:00:00.000Z', card('v-1', 'Older clip')),
            ]),
          ),
    );
    await page.goto('/history');
    await expect(page.getByText('Failed to load watch history. Please try again later.', { exact: true })).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();

    const days = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(days).toHaveText(['5 March 2026', '4 March 2026']);
    await expect(page.getByRole('region', { name: '5 March 2026' }).getByRole('link', { name: 'Newer clip' })).toBeVisible();
    await expect(page.getByRole('region', { name: '4 March 2026' }).getByRole('link', { name: 'Older clip' })).toBeVisible();

    await page.route('**/api/watchHistory/remove/h-2', (route) => route.fulfill(apiError(500, 'Something broke')));
    await page.getByRole('button', { name: 'Remove Newer clip from watch history' }).click();
    await page.getByRole('dialog', { name: 'Remove Video?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
  });
});
