import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, makeClip, waitUntilReady } from '../support/videos';

// Exclusive media URLs are bound to the session that watched: the player (hls.js, same origin)
// sends the session cookie with every playlist and segment request; the same URL elsewhere is a 403.

test.describe('exclusive media', () => {
  test.describe.configure({ timeout: 180_000 });

  test("the owner's player streams it; the same URL without that session is refused", async ({ page, browser, baseURL }) => {
    await registerViaApi(page, uniqueUser('exclusive'));
    const upload = await page.request.post('/api/video/new', {
      multipart: {
        title: 'Members only',
        description: 'An exclusive clip',
        isExclusive: 'true',
        price: '9',
        thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
        videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip({ seconds: 4 })) },
      },
      timeout: 60_000,
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const id = ((await upload.json()) as { data: { _id: string } }).data._id;
    await waitUntilReady(page, await currentUserId(page), [id]);

    const mediaRequests: { url: string; status: number }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/media/t/')) mediaRequests.push({ url: res.url(), status: res.status() });
    });
    await page.goto(`/video/watch/${id}`);
    const player = page.getByTestId('video-player');
    // Its rung's own file, under the token the server rendered the page with.
    await expect(player).toHaveAttribute('data-engine', 'progressive');
    await expect
      .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // Media bytes: a rung's file, segments, or byte ranges of a single-file rung.
    expect(mediaRequests.some((r) => /\.(?:m4s|mp4)$/.test(r.url))).toBe(true);
    expect(mediaRequests.filter((r) => r.status >= 400)).toEqual([]);

    const watch = await page.request.get(`/api/video/v/${id}`);
    const { videoFile } = ((await watch.json()) as { data: { videoFile: string } }).data;
    expect(videoFile).toMatch(/^\/media\/t\//);
    expect((await page.request.get(videoFile)).status()).toBe(200);
    // Another browser (no session, or another user's) gets nothing from the copied URL.
    const stranger = await browser.newContext({ baseURL });
    expect((await stranger.request.get(videoFile)).status()).toBe(403);
    await registerViaApi(await stranger.newPage(), uniqueUser('stranger'));
    expect((await stranger.request.get(videoFile)).status()).toBe(403);
    await stranger.close();
  });

  test('when its token runs out mid-playback (403), the player gets new URLs and resumes where it was', async ({ page }) => {
    await registerViaApi(page, uniqueUser('expiry'));
    const upload = await page.request.post('/api/video/new', {
      multipart: {
        title: 'Short-lived',
        description: 'Tokens run out',
        isExclusive: 'true',
        price: '9',
        thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
        videoFile: {
          name: 'clip.mp4',
          mimeType: 'video/mp4',
          buffer: fs.readFileSync(makeClip({ seconds: 12, width: 640, height: 360 })),
        },
      },
      timeout: 60_000,
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const id = ((await upload.json()) as { data: { _id: string } }).data._id;
    await waitUntilReady(page, await currentUserId(page), [id]);

    // The server's tokens live for minutes; here the first one "expires" on demand: from then on
    // every media request that carries it is refused as the server refuses an expired token.
    let expiredToken: string | null = null;
    const tokens = new Set<string>();
    let watchCalls = 0;
    page.on('request', (request) => {
      // The watch call itself (the player's progress heartbeats go to …/progress).
      if (new URL(request.url()).pathname === `/api/video/v/${id}`) watchCalls += 1;
    });
    await page.route('**/media/t/**', (route) => {
      const token = new URL(route.request().url()).pathname.split('/')[3]!;
      tokens.add(token);
      if (token === expiredToken)
        return route.fulfill({ status: 403, json: { success: false, data: 'No access to this media' } });
      return route.continue();
    });

    await page.goto(`/video/watch/${id}`);
    const player = page.getByTestId('video-player');
    // The player's media: the rung's own file, then hls.js's element (while one prepares to take
    // over, hidden after it, the first is still the one playing).
    const video = player.locator(':scope > [slot="media"]').first();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1.5);
    // The first watch call was the server's, made while it rendered the page.
    expect(watchCalls).toBe(0);
    expect(tokens.size).toBe(1);
    expiredToken = [...tokens][0]!;

    // Another rung means hls.js, whose playlists are under the expired token: refused, then new
    // URLs, and the move is made with them.
    await player.getByRole('button', { name: 'Settings' }).click();
    await player.getByRole('menuitem', { name: /Quality/ }).click();
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await player.getByRole('menuitemradio', { name: '240p', exact: true }).click();
    await expect.poll(() => watchCalls, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => tokens.size).toBe(2);
    // Resumed where it was (not from the start), still streaming, no error shown.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (v.paused ? -1 : v.currentTime)), { timeout: 15_000 })
      .toBeGreaterThan(before);
    await expect(player).toHaveAttribute('data-engine', 'hls');
    await expect(page.getByText('This video cannot be played right now.')).toHaveCount(0);
  });
});
