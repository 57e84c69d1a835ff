import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Comment, HistoryEntry, WatchVideo } from '@streamhub/contract';
import { apiError, apiOk, moreVideo, owner, watchVideo } from '../support/api-stubs';
import { registerViaApi } from '../support/users';
import { makeClip } from '../support/videos';

/**
 * Watch page rules that need no real upload (SPEC §2, §4, §8): the four initial calls are answered
 * by the test (typed by the contract), so access errors, failing calls, the MP4 fallback and the
 * wide-screen layout are quick to check. The real page is covered by watch.spec.ts.
 */

const wanda = owner({ _id: 'owner-9', fullname: 'Wanda Watch', username: 'wanda' });

/** Answers the watch page's four calls for `videoId` (contract-typed); `hlsUrl` and `videoFile` as given. */
async function answerWatchCalls(page: Page, videoId: string, media: Pick<WatchVideo, 'hlsUrl' | 'videoFile'>) {
  await page.route(`**/api/video/v/${videoId}`, (route) =>
    route.fulfill(apiOk(watchVideo({ _id: videoId, ...media, owner: wanda }))),
  );
  await page.route(`**/api/comment/video/${videoId}`, (route) => route.fulfill(apiOk<Comment[]>([])));
  await page.route(`**/api/watchHistory/track/${videoId}`, (route) => route.fulfill(apiOk<HistoryEntry | null>(null)));
  await page.route(`**/api/dashboard/more/${wanda._id}`, (route) =>
    route.fulfill(apiOk([moreVideo({ _id: 'other-1', title: 'Another clip' })])),
  );
}

/** The module preloads in the page, while the app's own entry is held back. */
async function preloadsBeforeTheApp(page: Page, path: string): Promise<string[]> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for DOMContentLoaded: that waits for the held module. The warm start (an inline
  // classic script) runs while the HTML is parsed.
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelector('link[rel="modulepreload"]') !== null);
  await page.waitForTimeout(300);
  const hrefs = await page.evaluate(() =>
    Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href') ?? ''),
  );
  release();
  await page.unroute(/\/assets\/index-[^/]+\.js$/);
  return hrefs;
}

test.describe('watch page', () => {
  test("opening a watch page preloads its code and the player's before the app has run; /home its own", async ({ page }) => {
    await registerViaApi(page);
    await answerWatchCalls(page, 'code-1', { hlsUrl: null, videoFile: null });
    const onWatch = await preloadsBeforeTheApp(page, '/video/watch/code-1');
    expect(onWatch).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/video-watch-page-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/player-chrome-[\w-]+\.js$/),
        // The controls' elements, which player-chrome imports one at a time.
        expect.stringMatching(/^\/assets\/media-controller-[\w-]+\.js$/),
        // Chromium plays the stream through hls.js.
        expect.stringMatching(/^\/assets\/hls-video-[\w-]+\.js$/),
      ]),
    );
    const onHome = await preloadsBeforeTheApp(page, '/home');
    expect(onHome).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/home-page-[\w-]+\.js$/)]));
    expect(onHome.filter((href) => /video-watch-page|player-chrome|hls-video/.test(href))).toEqual([]);
  });

  test('a video the viewer may not watch (401) opens its buy page', async ({ page }) => {
    await registerViaApi(page);
    await page.route('**/api/video/v/paid-1', (route) => route.fulfill(apiError(401, 'No access to this video')));
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
    // Playback speed from the settings menu; no quality choice for a plain file.
    await player.getByRole('button', { name: 'Settings' }).click();
    await expect(player.getByRole('menuitem', { name: /Quality/ })).toHaveCount(0);
    await player.getByRole('menuitem', { name: /Speed/ }).click();
    await player.getByRole('menuitemradio', { name: '1.5x' }).click();
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

  test('the page shows once its four initial calls have answered; any of them failing shows the error view', async ({ page }) => {
    await registerViaApi(page);
    await answerWatchCalls(page, 'partial-1', { hlsUrl: null, videoFile: null });
    await page.route('**/api/watchHistory/track/partial-1', (route) => route.fulfill(apiError(500, 'History is down')));
    await page.goto('/video/watch/partial-1');
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mocked clip', level: 1 })).toHaveCount(0);

    // Comments failing (after the retries a server error gets) does the same.
    await answerWatchCalls(page, 'partial-2', { hlsUrl: null, videoFile: null });
    await page.route('**/api/comment/video/partial-2', (route) => route.fulfill(apiError(500, 'Comments are down')));
    await page.goto('/video/watch/partial-2');
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible();

    // The owner's more videos are the fourth call.
    await answerWatchCalls(page, 'partial-3', { hlsUrl: null, videoFile: null });
    await page.route(`**/api/dashboard/more/${wanda._id}`, (route) => route.fulfill(apiError(404, 'Channel is gone')));
    await page.goto('/video/watch/partial-3');
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
  });

  test('a failing video call shows the error view', async ({ page }) => {
    await registerViaApi(page);
    await page.route('**/api/video/v/broken-1', (route) => route.fulfill(apiError(400, 'Invalid id')));
    await page.goto('/video/watch/broken-1');
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
    await expect(page.getByText('There was a problem loading this video.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible();
  });

  test('a refused like or subscription goes back and says why', async ({ page }) => {
    await registerViaApi(page);
    await answerWatchCalls(page, 'refused-1', { hlsUrl: null, videoFile: null });
    await page.route('**/api/like/v/refused-1', (route) => route.fulfill(apiError(500, 'Likes are down')));
    await page.route(`**/api/subscription/channel/${wanda._id}`, (route) =>
      route.fulfill(apiError(500, 'Subscriptions are down')),
    );
    await page.goto('/video/watch/refused-1');

    const like = page.getByRole('button', { name: /^Like video/ });
    await like.click();
    await expect(page.getByText('Likes are down')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('like-count')).toHaveText('0');

    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(page.getByText('Subscriptions are down')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
    await expect(page.getByTestId('subscriber-count')).toHaveText('2 subscribers');
  });
});
