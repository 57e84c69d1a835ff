import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

test.describe('watching', () => {
  test.describe.configure({ timeout: 180_000 });

  test("plays a rung's own file at once, likes survive a reload, history and liked lists can remove it", async ({ page }) => {
    await registerViaApi(page, uniqueUser('watch'));
    const main = await uploadVideo(page, 'Delta river', { seconds: 4, width: 640, height: 360 });
    const other = await uploadVideo(page, 'Echo meadow', { seconds: 3, width: 640, height: 360 });
    await waitUntilReady(page, await currentUserId(page), [main, other]);

    await page.goto(`/video/watch/${main}`);
    await expect(page.getByRole('heading', { name: 'Delta river', level: 1 })).toBeVisible({ timeout: 20_000 });
    const player = page.getByTestId('video-player');
    // The rung's own file the server's HTML names (hls.js takes over only when it is worth it).
    await expect(player).toHaveAttribute('data-engine', 'progressive');
    // The playing element (a second one appears while hls.js is being handed over to, on a slow
    // connection: a loaded machine's loopback can be one).
    const playing = player.locator('video').first();
    await expect(playing).toHaveAttribute('controlslist', 'nodownload');
    await expect.poll(() => playing.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
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
