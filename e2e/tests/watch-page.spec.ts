import { expect, test } from '@playwright/test';
import type { WatchVideo } from '@streamhub/contract';
import { apiError } from '../support/api-stubs';
import { registerViaApi } from '../support/users';
import { channelWithVideos } from '../support/videos';
import { openInApp } from '../support/navigation';

/**
 * Watch page rules (SPEC §2, §4, §8) on real uploads of one channel, shared by the tests; each test
 * signs in a viewer of its own. Answers are stubbed only for what the real server cannot be made
 * to do on demand: a call failing with a server error, a stream that does not load, a video
 * without a description (uploads require one).
 */

let wanda: Awaited<ReturnType<typeof channelWithVideos>>;
let main: string;
let other: string;
let exclusive: string;

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(180_000);
  const clip = { seconds: 4, width: 320, height: 180, audio: false };
  wanda = await channelWithVideos(
    browser,
    info.project.use.baseURL!,
    [
      { title: 'Wanda main clip', clip },
      { title: 'Another clip', clip },
      { title: 'Wanda paid clip', clip, exclusive: { price: 5 } },
    ],
    'wanda',
  );
  [main, other, exclusive] = wanda.videoIds as [string, string, string];
});
test.afterAll(async () => {
  await wanda?.close();
});

test.describe('watch page', () => {
  test("a page's HTML asks for its code plainly: the entry in the head, its route's chunks at low priority", async ({ page }) => {
    await registerViaApi(page);
    const chunks = async (path: string) => {
      const html = await (await page.request.get(path)).text();
      const [head = ''] = html.split('</head>');
      expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      return [...head.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)].map(([, href]) => href ?? '');
    };
    const onWatch = await chunks(`/video/watch/${main}`);
    expect(onWatch).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/video-watch-page-[\w-]+\.js$/)]));
    // The player's controls and hls.js come after the first frame, not with the page.
    expect(onWatch.filter((href) => /player-chrome|hls-video|media-controller/.test(href))).toEqual([]);
    const onHome = await chunks('/home');
    expect(onHome).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/home-page-[\w-]+\.js$/)]));
    expect(onHome.filter((href) => /video-watch-page|player-chrome|hls-video/.test(href))).toEqual([]);
    // The poster, the page's largest paint, is asked for at high priority.
    const html = await (await page.request.get(`/video/watch/${main}`)).text();
    expect(html).toMatch(/<link rel="preload" [^>]*as="image"[^>]*fetchpriority="high"/);
  });

  test('a video the viewer may not watch (401) opens its buy page', async ({ page }) => {
    await registerViaApi(page);
    // The server refuses the call (the page's own copy may be aborted as it leaves for the buy page).
    expect((await page.request.get(`/api/video/v/${exclusive}`)).status()).toBe(401);
    await page.goto(`/video/watch/${exclusive}`);
    await expect(page).toHaveURL(new RegExp(`/video/buy/${exclusive}$`));
    await expect(page.getByRole('heading', { name: 'Wanda paid clip', level: 1 })).toBeVisible();
  });

  test('falls back to the MP4 file when the HLS stream cannot load; fallback for the description', async ({ page }) => {
    await registerViaApi(page);
    // A broken stream: the master playlist is not found. The MP4 is the real one.
    await page.route(new RegExp(`/videos/${main}/master\\.m3u8$`), (route) => route.fulfill({ status: 404, body: 'not found' }));
    // The real answer without its description, which no upload can leave out.
    await page.route(`**/api/video/v/${main}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: WatchVideo };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, description: '' } } });
    });

    // Opened in the app: the watch call is the browser's (a page from the server comes with its answer).
    await openInApp(page, `/video/watch/${main}`);
    await expect(page.getByRole('heading', { name: 'Wanda main clip', level: 1 })).toBeVisible();
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
    const more = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: 'More videos' }) });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/video/watch/${main}`);
    await expect(page.getByRole('heading', { name: 'Wanda main clip', level: 1 })).toBeVisible();
    await expect(more.getByRole('link', { name: /Another clip/ })).toHaveAttribute('href', `/video/watch/${other}`);
    await expect(more.getByRole('link', { name: /Wanda main clip/ })).toHaveCount(0);
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
    // The real page first: all four calls answered.
    await page.goto(`/video/watch/${main}`);
    await expect(page.getByRole('heading', { name: 'Wanda main clip', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: '0 Comments' })).toBeVisible();

    // Server errors on one call at a time; the other three are the real server's.
    const failing = [
      { path: `**/api/watchHistory/track/${main}`, answer: apiError(500, 'History is down') },
      // Comments failing (after the retries a server error gets) does the same.
      { path: `**/api/comment/video/${main}`, answer: apiError(500, 'Comments are down') },
      // The owner's more videos are the fourth call.
      { path: `**/api/dashboard/more/${wanda.id}`, answer: apiError(500, 'More videos are down') },
    ];
    for (const { path, answer } of failing) {
      await page.route(path, (route) => route.fulfill(answer));
      await openInApp(page, `/video/watch/${main}`);
      await expect(page.getByRole('heading', { name: 'Unable to load video' }), path).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Wanda main clip', level: 1 }), path).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Return to home' }), path).toBeVisible();
      await page.unroute(path);
    }
  });

  test('a malformed video id (400 from the server) shows the error view', async ({ page }) => {
    await registerViaApi(page);
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/video/v/not-a-video-id');
    await page.goto('/video/watch/not-a-video-id');
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
    await expect(page.getByText('There was a problem loading this video.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible();
  });

  test('a refused like or subscription goes back and says why', async ({ page }) => {
    await registerViaApi(page);
    // Server errors: the real server answers these calls with success.
    await page.route(`**/api/like/v/${main}`, (route) => route.fulfill(apiError(500, 'Likes are down')));
    await page.route(`**/api/subscription/channel/${wanda.id}`, (route) =>
      route.fulfill(apiError(500, 'Subscriptions are down')),
    );
    await page.goto(`/video/watch/${main}`);

    const like = page.getByRole('button', { name: /^Like video/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('like-count')).toHaveText('0');
    await like.click();
    await expect(page.getByText('Likes are down')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('like-count')).toHaveText('0');

    await expect(page.getByTestId('subscriber-count')).toHaveText('0 subscribers');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(page.getByText('Subscriptions are down')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
    await expect(page.getByTestId('subscriber-count')).toHaveText('0 subscribers');
  });
});
