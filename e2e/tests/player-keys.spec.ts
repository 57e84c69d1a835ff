import { expect, test } from '@playwright/test';
import { waitForHydration } from '../support/navigation';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * The watch page's keyboard shortcuts work anywhere on the page (not only on the focused player),
 * never while typing or while a dialog is open; the help dialog (?) lists exactly them; T turns
 * theater mode on and off.
 */
test.describe('player keys', () => {
  test.describe.configure({ timeout: 180_000 });

  test('shortcuts anywhere on the page but in text fields and dialogs; the help dialog lists them; T is theater mode', async ({
    page,
  }, info) => {
    await registerViaApi(page, uniqueUser('keys'));
    const id = await uploadVideo(page, 'Keyboard river', { seconds: 20, width: 640, height: 360 });
    await waitUntilReady(page, await currentUserId(page), [id]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/video/watch/${id}`);
    await waitForHydration(page);
    const player = page.getByTestId('video-player');
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 }).toBeGreaterThan(15);
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    const setTime = (t: number) => video.evaluate((v: HTMLVideoElement, at) => (v.currentTime = at), t);

    // Focus on the page, away from the player: the video's title.
    await page.getByRole('heading', { name: 'Keyboard river', level: 1 }).click();
    await expect(player).not.toBeFocused();

    await page.keyboard.press('k');
    await expect(video).toHaveJSProperty('paused', true);
    await page.keyboard.press('Space');
    await expect(video).toHaveJSProperty('paused', false);
    await page.keyboard.press('k');
    await expect(video).toHaveJSProperty('paused', true);

    await setTime(12);
    await page.keyboard.press('j');
    await expect.poll(time).toBeCloseTo(2, 0);
    await page.keyboard.press('l');
    await expect.poll(time).toBeCloseTo(12, 0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(time).toBeCloseTo(17, 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(time).toBeCloseTo(12, 0);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    await page.keyboard.press('5');
    await expect.poll(time).toBeCloseTo(duration / 2, 0);
    await page.keyboard.press('0');
    await expect.poll(time).toBeCloseTo(0, 0);

    const muted = await video.evaluate((v: HTMLVideoElement) => v.muted);
    await page.keyboard.press('m');
    await expect(video).toHaveJSProperty('muted', !muted);

    // T: theater mode, the player as wide as the page's content; T again: back.
    const before = (await player.boundingBox())!.width;
    await page.keyboard.press('t');
    await expect(page.getByTestId('watch-layout')).toHaveAttribute('data-theater', '');
    await expect.poll(async () => (await player.boundingBox())!.width).toBeGreaterThan(before + 200);
    await expect(player.getByRole('button', { name: 'Default view' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: info.outputPath('theater-1280.png') });
    await page.keyboard.press('t');
    await expect(page.getByTestId('watch-layout')).not.toHaveAttribute('data-theater', '');
    // The button does the same.
    await player.getByRole('button', { name: 'Theater mode' }).click();
    await expect(page.getByTestId('watch-layout')).toHaveAttribute('data-theater', '');
    await player.getByRole('button', { name: 'Default view' }).click();
    await expect(page.getByTestId('watch-layout')).not.toHaveAttribute('data-theater', '');

    // Typing in a text field: the letters are the field's.
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.click();
    await page.keyboard.type('kjlm5');
    await expect(box).toHaveValue('kjlm5');
    await expect(video).toHaveJSProperty('paused', true);
    await expect(video).toHaveJSProperty('muted', !muted);
    await expect.poll(time).toBeCloseTo(0, 0);

    // ? opens the help dialog, which lists exactly the keys; while it is open the keys do nothing.
    await page.getByRole('heading', { name: 'Keyboard river', level: 1 }).click();
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    for (const does of [
      'Play or pause',
      'Back 10 seconds',
      'Forward 10 seconds',
      'Back 5 seconds',
      'Forward 5 seconds',
      'Mute or unmute',
      'Full screen on or off',
      'Captions on or off',
      'Theater mode on or off',
      'Jump to 0 % … 90 % of the video',
    ]) {
      await expect(dialog.getByRole('cell', { name: does, exact: true })).toBeVisible();
    }
    await page.screenshot({ path: info.outputPath('shortcuts-dialog.png') });
    await page.keyboard.press('k');
    await expect(video).toHaveJSProperty('paused', true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.keyboard.press('k');
    await expect(video).toHaveJSProperty('paused', false);
  });
});
