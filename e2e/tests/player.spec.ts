import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * The watch page player on a real upload: media-chrome's controls, the storyboard's scrub previews
 * above the seek bar, quality and speed menus, keyboard, and the layout at three widths.
 */
test.describe('player', () => {
  test.describe.configure({ timeout: 180_000 });

  test('shows scrub previews from the storyboard while hovering the seek bar; menus and keys work', async ({ page }, info) => {
    await registerViaApi(page, uniqueUser('player'));
    const id = await uploadVideo(page, 'Preview river', { seconds: 12, width: 640, height: 360 });
    await waitUntilReady(page, await currentUserId(page), [id]);

    // The poster comes with the page's HTML, rendered by the server: it shows without the app's
    // code (held back here).
    const held: Array<() => void> = [];
    const hold = async (route: import('@playwright/test').Route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue().catch(() => undefined);
    };
    await page.route(/\/assets\/index-[^/]+\.js$/, hold);
    await page.goto(`/video/watch/${id}`, { waitUntil: 'commit' });
    const poster = page.locator('#root [data-player-poster]');
    await expect(poster).toHaveAttribute('src', /^\/media\/thumbnails\/[\w-]+\.webp$/);
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // /home likewise comes with its first cards and their thumbnails (this video is on page 1).
    await page.goto('/home', { waitUntil: 'commit' });
    const firstCard = page.locator('#root [data-testid="video-card"] img').first();
    await expect(firstCard).toHaveAttribute('src', /^\/media\/thumbnails\/[\w-]+\.webp$/);
    await expect.poll(() => firstCard.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await firstCard.boundingBox())?.width).toBeGreaterThan(200);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const release of held) release();

    const storyboard: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/storyboard/')) storyboard.push(`${res.status()} ${new URL(res.url()).pathname.split('/').pop()}`);
    });
    // Init sections and segments as they arrive (byte ranges of each rung's one file, or the old
    // layout's files): none is fetched twice. Requests the browser's media stack cancelled before
    // they were answered (it asks again from the same byte on a busy machine) fetched nothing.
    const media: string[] = [];
    page.on('requestfinished', (req) => {
      const { pathname } = new URL(req.url());
      if (/\/media\/.+\.(?:mp4|m4s)$/.test(pathname)) {
        media.push(`${pathname.split('/').slice(-2).join('/')} ${req.headers().range ?? 'whole'}`);
      }
    });
    // The controls' code is held back: the video plays without it, filling the player's box.
    let releaseControls = () => {};
    const controlsHeld = new Promise<void>((resolve) => (releaseControls = resolve));
    await page.route(/\/assets\/player-chrome-[\w-]+\.js$/, async (route) => {
      await controlsHeld;
      await route.continue();
    });
    await page.goto(`/video/watch/${id}`);
    const player = page.getByTestId('video-player');
    // The rung's own file the server's HTML names, playing before the controls' code has run.
    await expect(player).toHaveAttribute('data-engine', 'progressive');
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => customElements.get('media-controller'))).toBeUndefined();
    const [playerBox, videoBox] = [await player.boundingBox(), await video.boundingBox()];
    expect(videoBox).toEqual(playerBox);
    releaseControls();
    await expect(player.getByRole('button', { name: 'Settings' })).toBeVisible();
    expect(media.length).toBeGreaterThan(0);
    expect(media.filter((name, i) => media.indexOf(name) !== i)).toEqual([]);
    await expect(video).toHaveAttribute('controlslist', 'nodownload');
    await expect(video).toHaveJSProperty('muted', true);

    // Hovering the seek bar at 3/4 shows the frame of ~9 s: a region of the first sprite sheet.
    const range = player.locator('media-time-range');
    const box = (await range.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect(range).toHaveAttribute('mediapreviewimage', /\/storyboard\/sheet_001\.jpg#xywh=/);
    const preview = range.locator('media-preview-thumbnail');
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('mediapreviewcoords', '640 0 160 90');
    expect(storyboard).toContain('200 storyboard.vtt');
    await expect.poll(() => storyboard).toContain('200 sheet_001.jpg');
    await page.screenshot({ path: info.outputPath('player-preview-1280.png') });

    // Speed and quality from the settings menu.
    await player.getByRole('button', { name: 'Settings' }).click();
    await player.getByRole('menuitem', { name: /Speed/ }).click();
    await player.getByRole('menuitemradio', { name: '1.5x' }).click();
    await expect(video).toHaveJSProperty('playbackRate', 1.5);
    await page.keyboard.press('Escape');
    await player.getByRole('button', { name: 'Settings' }).click();
    await player.getByRole('menuitem', { name: /Quality/ }).click();
    await expect(player.getByRole('menuitemradio', { name: /^Auto/ })).toBeVisible();
    await expect(player.getByRole('menuitemradio', { name: '360p', exact: true })).toBeVisible();
    await page.screenshot({ path: info.outputPath('player-quality-1280.png') });
    await page.keyboard.press('Escape');

    // Keyboard on the focused player: K pauses, M unmutes, arrow right seeks 5 s.
    await player.focus();
    await page.keyboard.press('k');
    await expect(video).toHaveJSProperty('paused', true);
    await page.keyboard.press('m');
    await expect(video).toHaveJSProperty('muted', false);
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 2));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(7, 0);

    for (const width of [1024, 768]) {
      await page.setViewportSize({ width, height: 800 });
      const playerBox = (await player.boundingBox())!;
      expect(playerBox.width).toBeGreaterThan(width * 0.6);
      await expect(player.getByRole('button', { name: 'Settings' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`player-${width}.png`) });
    }
  });

  test('moves from the rung file to hls.js without a seam when the viewer picks a quality', async ({ page }) => {
    await registerViaApi(page, uniqueUser('handover'));
    const id = await uploadVideo(page, 'Seamless river', { seconds: 12, width: 640, height: 360 });
    await waitUntilReady(page, await currentUserId(page), [id]);

    await page.goto(`/video/watch/${id}`);
    const player = page.getByTestId('video-player');
    await expect(player).toHaveAttribute('data-engine', 'progressive');
    // The controller's media (the first media child: a hidden successor comes after it).
    const media = player.locator(':scope > [slot="media"]').first();
    await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    // Where the player is, sampled at every frame from here on, from whichever element plays.
    await page.evaluate(() => {
      const seen: Array<[string, number]> = ((window as unknown as { __seen: Array<[string, number]> }).__seen = []);
      const sample = () => {
        const current = document.querySelector<HTMLMediaElement>('[data-testid="video-player"] > [slot="media"]');
        if (current) seen.push([current.localName, current.currentTime]);
        requestAnimationFrame(sample);
      };
      sample();
    });

    await player.getByRole('button', { name: 'Settings' }).click();
    await player.getByRole('menuitem', { name: /Quality/ }).click();
    await player.getByRole('menuitemradio', { name: '240p', exact: true }).click();
    await expect(player).toHaveAttribute('data-engine', 'hls', { timeout: 15_000 });
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => (window as unknown as { __seen: Array<[string, number]> }).__seen);
    // One element after the other, never back to the start, never a step back of more than a moment.
    expect(seen[0]![0]).toBe('video');
    expect(seen[seen.length - 1]![0]).toBe('streamhub-hls-video');
    const steps = seen.slice(1).map(([, t], i) => t - seen[i]![1]);
    expect(Math.min(...steps)).toBeGreaterThan(-0.35);
    expect(Math.min(...seen.map(([, t]) => t))).toBeGreaterThan(1);
    // The rung file's element is gone; hls.js plays the chosen rung, still muted as before.
    await expect(player.locator(':scope > video')).toHaveCount(0);
    await expect(media).toHaveJSProperty('muted', true);
    await expect(media).toHaveJSProperty('paused', false);
    await page.keyboard.press('Escape');
    await player.getByRole('button', { name: 'Settings' }).click();
    await player.getByRole('menuitem', { name: /Quality/ }).click();
    await expect(player.getByRole('menuitemradio', { name: '240p', exact: true })).toHaveAttribute('aria-checked', 'true');
  });
});
