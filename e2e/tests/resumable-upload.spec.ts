import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi } from '../support/users';
import { makeClip } from '../support/videos';

const MiB = 1024 * 1024;
/**
 * The web app's chunk size (TUS_CHUNK_SIZE, apps/web/src/features/videos/api/resumable-upload.ts).
 * Only files larger than one chunk go the resumable way; smaller ones are the multipart videoFile
 * of POST /api/video/new (videos.spec.ts).
 */
const CHUNK = 64 * MiB;

/** A real clip padded with zeros to `bytes` (the server still probes it as a video). */
function bigClip(bytes: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-big-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'holiday.mp4');
  fs.copyFileSync(makeClip({ seconds: 2, audio: false }), file);
  fs.truncateSync(file, bytes);
  return file;
}

async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

test('the upload page resumes an upload after a reload, showing progress and time left', async ({ page }) => {
  test.setTimeout(120_000);
  const video = bigClip(96 * MiB);
  expect(fs.statSync(video).size).toBeGreaterThan(CHUNK);
  await registerViaApi(page);
  await page.goto('/video/new');
  await page.getByLabel('Title').fill('Holiday, resumed');
  await page.getByLabel('Description').fill('Sent in two sittings.');
  await page.getByLabel('Video file').setInputFiles(video);
  await page.getByLabel('Thumbnail').setInputFiles(makePng());

  // Slow enough to reload in the middle: the first chunk lands, the second is cut by the reload.
  await throttleUploads(page, 16 * MiB);
  const firstChunk = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/uploads/'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  expect((await firstChunk).status()).toBe(204);
  await page.reload();

  // The page knows the unfinished upload and kept the details typed for it.
  await expect(page.getByTestId('upload-resume-note')).toContainText('holiday.mp4');
  await expect(page.getByLabel('Title')).toHaveValue('Holiday, resumed');
  await expect(page.getByLabel('Description')).toHaveValue('Sent in two sittings.');

  const offsets: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/')) offsets.push(Number(r.headers()['upload-offset']));
  });
  await throttleUploads(page, 8 * MiB);
  await page.getByLabel('Video file').setInputFiles(video);
  await page.getByLabel('Thumbnail').setInputFiles(makePng());
  const created = page.waitForResponse((r) => r.url().endsWith('/api/video/new') && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Upload' }).click();

  const panel = page.getByTestId('upload-progress');
  await expect(panel).toContainText('Resumed');
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  // It goes on from where the server is: at least the first chunk (2/3 of the file), never from 0 %.
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(66);
  await expect(panel).toContainText(/About \d+ (min \d+ )?s left/);
  const claim = await created;
  expect(claim.status()).toBe(201);
  expect(offsets[0]).toBeGreaterThanOrEqual(CHUNK);
  // The form names the finished upload instead of sending the file again: its body is the fields
  // and the thumbnail only (the length sent on the wire; Playwright gets no file parts).
  const claimLength = Number((await claim.request().allHeaders())['content-length']);
  expect(claimLength).toBeGreaterThan(0);
  expect(claimLength).toBeLessThan(MiB);

  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('article', { name: 'Holiday, resumed' })).toBeVisible();
  // Done: nothing left to resume.
  await page.goto('/video/new');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByTestId('upload-resume-note')).toHaveCount(0);
});

test("Cancel during a resumable upload removes the server's copy, so it holds no upload slot", async ({ page }) => {
  test.setTimeout(60_000);
  const video = bigClip(96 * MiB);
  await registerViaApi(page);
  await page.goto('/video/new');
  await page.getByLabel('Title').fill('Changed my mind');
  await page.getByLabel('Description').fill('Cancelled halfway.');
  await page.getByLabel('Video file').setInputFiles(video);
  await page.getByLabel('Thumbnail').setInputFiles(makePng());

  await throttleUploads(page, 16 * MiB);
  const firstChunk = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/uploads/'));
  await page.getByRole('button', { name: 'Upload' }).click();
  const chunk = await firstChunk;
  expect(chunk.status()).toBe(204);
  const uploadUrl = chunk.url();
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url() === uploadUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await deleted).status()).toBe(204);
  // Asked by the page itself: the browser retries a request whose kept-alive connection the server
  // had just closed as idle (a separate request client may reuse one a moment too late: ECONNRESET).
  const gone = await page.evaluate(
    async (url) => (await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })).status,
    uploadUrl,
  );
  expect(gone).toBe(404);
});
