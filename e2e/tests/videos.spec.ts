import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi } from '../support/users';
import { makeClip } from '../support/videos';

/** Slows the upload so the progress bar is observable (Chromium's DevTools throttling). */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

test.describe('own videos: upload, edit, delete', () => {
  test('the upload form validates, reveals the price and accepts only the right file types', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/video/new');
    await expect(page.getByRole('heading', { name: 'Upload Video' })).toBeVisible();
    await expect(page.getByLabel('Video file')).toHaveAttribute('accept', 'video/*');
    await expect(page.getByLabel('Thumbnail')).toHaveAttribute('accept', 'image/*');

    await expect(page.getByLabel('Video Price')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Exclusive video' }).click();
    const price = page.getByLabel('Video Price');
    await expect(price).toHaveValue('5');
    await expect(price).toHaveAttribute('min', '0');
    await expect(price).toHaveAttribute('step', '0.01');

    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText('Title is required');
  });

  test('a full flow with progress, processing, edit and delete', async ({ page }) => {
    test.setTimeout(150_000);
    const video = makeClip();
    const user = await registerViaApi(page);

    await page.goto('/videos');
    await expect(page.getByRole('heading', { name: 'Your Videos', level: 1 })).toBeVisible();
    await expect(page.getByText('Channel has no Videos')).toBeVisible();
    await expect(page.getByText(/Uploads: 0\/\d+/)).toBeVisible();
    await page.getByRole('link', { name: 'New Video' }).click();
    await expect(page).toHaveURL(/\/video\/new$/);

    const title = `E2E clip ${user.username}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A short generated test pattern.');
    await page.getByLabel('Video file').setInputFiles(video);
    await page.getByLabel('Thumbnail').setInputFiles(makePng());
    await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();

    const cdp = await throttleUploads(page, Math.max(32 * 1024, Math.ceil(fs.statSync(video).size / 3)));
    const resumableCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/uploads/')) resumableCalls.push(request.url());
    });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/video/new') && r.request().method() === 'POST', {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Uploading Video...')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    const created = await uploaded;
    expect(created.status()).toBe(201);
    // A file of up to one tus chunk goes in this call itself, as the multipart videoFile (SPEC §7):
    // no resumable upload, and the body holds the whole file (Chromium does not hand file parts to
    // Playwright, so the length sent on the wire stands for it).
    const sentHeaders = await created.request().allHeaders();
    expect(sentHeaders['content-type']).toMatch(/^multipart\/form-data/);
    expect(Number(sentHeaders['content-length'])).toBeGreaterThan(fs.statSync(video).size);
    expect(resumableCalls).toEqual([]);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect(page).toHaveURL(/\/videos$/);
    await expect(page.getByText('Video uploaded')).toBeVisible();
    await expect(page.getByText(/Uploads: 1\/\d+/)).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    // Processing first (unless the server was already done), then ready within a minute.
    await expect(card).toHaveAttribute('data-status', /processing|ready/);
    await expect(card).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', /\/video\/watch\//);

    // Edit through the card menu.
    await card.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/video\/edit\//);
    const titleField = page.getByLabel('Title');
    await expect(titleField).toHaveValue(title);
    const newTitle = `${title} (edited)`;
    await titleField.fill(newTitle);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Video details updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/videos$/);
    const edited = page.getByRole('article', { name: newTitle });
    await expect(edited).toBeVisible();

    // Delete from the menu, by keyboard: it deletes at once (SPEC §8 has no confirmation for it),
    // and the focus, whose menu went with the card, lands on the page heading.
    await edited.getByRole('button', { name: `Options for ${newTitle}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Video Deleted')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Channel has no Videos')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Videos', level: 1 })).toBeFocused();
  });

  test('the server refuses a non-video file with its message', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/video/new');
    await page.getByLabel('Title').fill('Not a video');
    await page.getByLabel('Description').fill('Text pretending to be a video.');
    await page.getByLabel('Video file').setInputFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('hello') });
    await page.getByLabel('Thumbnail').setInputFiles(makePng());
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toContainText('File must be a video');
    await expect(page).toHaveURL(/\/video\/new$/);
  });

  test("another user's channel shows their name and no owner controls", async ({ page, browser }) => {
    const owner = await registerViaApi(page);
    const me = await page.request.get('/api/users/me');
    const ownerId = ((await me.json()) as { data: { _id: string } }).data._id;

    const other = await browser.newPage();
    await registerViaApi(other);
    await other.goto(`/videos/${ownerId}`);
    await expect(other.getByRole('heading', { name: `${owner.fullname}'s Videos`, level: 1 })).toBeVisible();
    await expect(other.getByText('Channel has no Videos')).toBeVisible();
    await expect(other.getByRole('link', { name: 'New Video' })).toHaveCount(0);
    await expect(other.getByText(/Uploads:/)).toHaveCount(0);
    await other.close();
  });

  test('the edit screen sends a non-owner back one page', async ({ page, browser }) => {
    await registerViaApi(page);
    const upload = await page.request.post('/api/video/new', {
      multipart: {
        title: 'Owned elsewhere',
        description: 'Only the owner may edit this.',
        thumbnail: { name: 't.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
        videoFile: { name: 'v.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip()) },
      },
    });
    expect(upload.status()).toBe(201);
    const videoId = ((await upload.json()) as { data: { _id: string } }).data._id;

    const other = await browser.newPage();
    await registerViaApi(other);
    await other.goto('/videos');
    await expect(other.getByRole('heading', { name: 'Your Videos' })).toBeVisible();
    await other.evaluate((id) => {
      window.history.pushState({}, '', `/video/edit/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, videoId);
    await expect(other).toHaveURL(/\/videos$/);
    await expect(other.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

    // Opened directly (no page to go back to): it still leaves, to the viewer's own videos.
    await other.goto(`/video/edit/${videoId}`);
    await expect(other).toHaveURL(/\/videos$/);
    await expect(other.getByRole('heading', { name: 'Your Videos' })).toBeVisible();
    await other.close();
  });

  test('Cancel on an upload form opened directly goes to Your Videos', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/video/new');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await expect(page.getByRole('heading', { name: 'Your Videos' })).toBeVisible();
  });
});
