import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * Captions (API.md §16): the owner uploads an SRT file on the edit page; the watch page's player
 * (hls.js) offers it in its captions menu with Off, and once chosen its cue is the video's active
 * text track cue, as the browser renders it.
 */
test.describe('captions', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner uploads captions on the edit page and the player shows them', async ({ page }) => {
    await registerViaApi(page, uniqueUser('captions'));
    const id = await uploadVideo(page, 'Captioned river', { seconds: 6, width: 320, height: 240 });
    await waitUntilReady(page, await currentUserId(page), [id]);

    // The edit page: a language, an SRT file (the server reads it by its content), upload.
    await page.goto(`/video/edit/${id}`);
    const editor = page.getByTestId('captions-editor');
    await expect(editor.getByText('No captions yet.')).toBeVisible();
    await editor.getByLabel('Language').fill('en');
    const srt = '1\n00:00:00,000 --> 00:01:00,000\n<i>Hello from the captions</i>\n';
    await editor.getByLabel('Caption file (WebVTT or SRT)').setInputFiles({
      name: 'english.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from(srt),
    });
    await editor.getByRole('button', { name: 'Upload captions' }).click();
    await expect(editor.getByRole('listitem').filter({ hasText: 'English (en)' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Delete captions: English' })).toBeVisible();

    // The watch page: the rung's own file with the caption track, the captions menu with it and Off.
    await page.goto(`/video/watch/${id}`);
    const player = page.getByTestId('video-player');
    await expect(player).toHaveAttribute('data-engine', 'progressive');
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    const captionsButton = player.locator('media-captions-menu-button');
    await expect(captionsButton).toBeVisible();
    await captionsButton.click();
    await expect(player.getByRole('menuitemradio', { name: 'Off' })).toBeVisible();
    await player.getByRole('menuitemradio', { name: 'English' }).click();

    // The chosen track is showing and its cue (markup stripped by the server) is on screen.
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 1;
    });
    const activeCue = () =>
      video.evaluate((v: HTMLVideoElement) => {
        const showing = Array.from(v.textTracks).find((t) => t.mode === 'showing');
        const cue = showing?.activeCues?.[0] as VTTCue | undefined;
        return showing ? `${showing.label}: ${cue?.text ?? ''}` : null;
      });
    await expect.poll(activeCue, { timeout: 20_000 }).toBe('English: Hello from the captions');

    // Off again: no track shows.
    await captionsButton.click();
    await player.getByRole('menuitemradio', { name: 'Off' }).click();
    await expect.poll(activeCue).toBeNull();
  });
});
