import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from '../support/users';
import { makeClip } from '../support/videos';

/**
 * Watch page rules that need no real upload (SPEC §2, §4, §8): the four initial calls are answered
 * by the test, so access errors, the MP4 fallback and the wide-screen layout are quick to check.
 */

const envelope = (data: unknown, statusCode = 200) => ({
  status: statusCode,
  contentType: 'application/json',
  body: JSON.stringify({ statusCode, data, message: statusCode < 400 ? 'Success' : String(data), success: statusCode < 400 }),
});

const owner = { _id: 'owner-9', fullname: 'Wanda Watch', username: 'wanda', avatar: '' };

/** Answers the watch page's four calls for `videoId`; `hlsUrl` and `videoFile` as given. */
async function answerWatchCalls(page: Page, videoId: string, media: { hlsUrl: string | null; videoFile: string | null }) {
  await page.route(`**/api/video/v/${videoId}`, (route) =>
    route.fulfill(
      envelope({
        _id: videoId,
        title: 'Mocked clip',
        description: '',
        thumbnail: '',
        ...media,
        duration: 4,
        views: 3,
        likes: 0,
        isLiked: false,
        subscribers: 2,
        isSubscribed: false,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        isExclusive: false,
        price: 0,
        owner,
      }),
    ),
  );
  await page.route(`**/api/comment/video/${videoId}`, (route) => route.fulfill(envelope([])));
  await page.route(`**/api/watchHistory/track/${videoId}`, (route) => route.fulfill(envelope(null)));
  await page.route(`**/api/dashboard/more/${owner._id}`, (route) =>
    route.fulfill(
      envelope([
        { _id: 'other-1', title: 'Another clip', thumbnail: '', views: 1, createdAt: new Date().toISOString(), duration: 7 },
      ]),
    ),
  );
}

test.describe('watch page', () => {
  test('a video the viewer may not watch (401) opens its buy page', async ({ page }) => {
    await registerViaApi(page);
    await page.route('**/api/video/v/paid-1', (route) => route.fulfill(envelope('No access to this video', 401)));
    await page.goto('/video/watch/paid-1');
    await expect(page).toHaveURL(/\/video\/buy\/paid-1$/);
  });

  test('falls back to the MP4 file when the HLS stream cannot load; fallbacks for title and description', async ({ page }) => {
    await registerViaApi(page);
    const clip = makeClip({ seconds: 4, width: 320, height: 180, audio: false });
    await page.route('**/test-media/missing/master.m3u8', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.route('**/test-media/fallback.mp4', (route) =>
      route.fulfill({ status: 200, contentType: 'video/mp4', body: fs.readFileSync(clip) }),
    );
    await answerWatchCalls(page, 'mp4-1', { hlsUrl: '/test-media/missing/master.m3u8', videoFile: '/test-media/fallback.mp4' });

    await page.goto('/video/watch/mp4-1');
    await expect(page.getByRole('heading', { name: 'Mocked clip', level: 1 })).toBeVisible();
    await expect(page.getByText('No description available')).toBeVisible();
    const player = page.getByTestId('video-player');
    await expect(player).toHaveAttribute('data-engine', 'mp4', { timeout: 20_000 });
    const video = player.locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByText('This video cannot be played right now.')).toHaveCount(0);

    // Keyboard: focus the player, Space pauses, m unmutes.
    await expect(player).toHaveAttribute('aria-keyshortcuts', /Space/);
    await player.focus();
    await page.keyboard.press(' ');
    await expect(video).toHaveJSProperty('paused', true);
    await page.keyboard.press('m');
    await expect(video).toHaveJSProperty('muted', false);
    // Playback speed from the menu.
    await player.getByRole('combobox', { name: 'Speed' }).selectOption('1.5');
    await expect(video).toHaveJSProperty('playbackRate', 1.5);
  });

  test('More videos sits beside the player from 1280 px and below it at 1024 px', async ({ page }) => {
    await registerViaApi(page);
    await answerWatchCalls(page, 'layout-1', { hlsUrl: null, videoFile: null });
    const more = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: 'More videos' }) });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/video/watch/layout-1');
    await expect(more.getByRole('link', { name: /Another clip/ })).toHaveAttribute('href', '/video/watch/other-1');
    const player = page.getByTestId('video-player');
    let playerBox = (await player.boundingBox())!;
    let moreBox = (await more.boundingBox())!;
    expect(moreBox.x).toBeGreaterThanOrEqual(playerBox.x + playerBox.width);
    expect(playerBox.width).toBeGreaterThan(560);

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect.poll(async () => (await player.boundingBox())!.width).toBeGreaterThan(640);
    playerBox = (await player.boundingBox())!;
    moreBox = (await more.boundingBox())!;
    expect(moreBox.y).toBeGreaterThan(playerBox.y + playerBox.height);

    // Narrower than 1024 px: no side list at all.
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(page.getByRole('heading', { name: 'More videos' })).toHaveCount(0);
  });
});
