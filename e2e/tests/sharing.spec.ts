import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos } from '../support/videos';

// Sharing (API.md §15): the embed player framed by another site, an exclusive video's embed that
// fetches nothing of the video, and the watch page's Share dialog.

/** Requests for a video's own bytes (playlists, segments, the MP4), not its thumbnail. */
const isVideoMedia = (url: string) =>
  /\/media\/(t\/|videos\/|exclusive\/)/.test(url) || /\.(mp4|m3u8|m4s)(\?|#|$)/.test(new URL(url).pathname);

let owner: Awaited<ReturnType<typeof channelWithVideos>>;
let publicId = '';
let exclusiveId = '';
/** Another site: a page of its own on another port and host name (localhost, not 127.0.0.1), so another origin and site. */
let otherSite: http.Server;
let otherOrigin = '';

test.beforeAll(async ({ browser, baseURL }) => {
  owner = await channelWithVideos(
    browser,
    baseURL!,
    [
      { title: 'Shared harbour', clip: { seconds: 6, width: 640, height: 360 } },
      { title: 'Members harbour', clip: { seconds: 2, width: 320, height: 180, audio: false }, exclusive: { price: 5 } },
    ],
    'sharer',
  );
  [publicId, exclusiveId] = owner.videoIds as [string, string];
  // Its page frames whatever `?src=` names (only ever our own app's URLs, from these tests).
  otherSite = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Another site</title><h1>A blog post</h1>` +
        `<iframe src="${src.replace(/"/g, '&quot;')}" width="640" height="360" allow="autoplay; fullscreen" allowfullscreen></iframe>`,
    );
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://localhost:${(otherSite.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await owner?.close();
  if (!otherSite) return;
  otherSite.closeAllConnections();
  await new Promise((resolve) => otherSite.close(resolve));
});

/** Where the media element's first played range began (null before it has played): where playback started. */
const firstPlayedAt = (v: HTMLMediaElement) =>
  v.played.length > 0 && v.currentTime > v.played.start(0) ? v.played.start(0) : null;

/** Opens the other site's page framing `src` and returns the frame once it has loaded. */
async function framedOnOtherSite(page: Page, src: string): Promise<Frame> {
  await page.goto(`${otherOrigin}/?src=${encodeURIComponent(src)}`);
  await expect(page.getByRole('heading', { name: 'A blog post' })).toBeVisible();
  const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
  await frame!.waitForLoadState('load');
  return frame!;
}

test('/embed/:id plays in an iframe on a page served from another origin', async ({ page, baseURL }) => {
  const frame = await framedOnOtherSite(page, `${baseURL}/embed/${publicId}?autoplay=1&t=2`);
  const video = frame.locator('video');
  await expect(video).toHaveCount(1);
  // Muted autoplay: frames decoded and time advancing, in the other site's page, from 0:02 on.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(2.5);
  expect(await video.evaluate(firstPlayedAt)).toBeGreaterThanOrEqual(1.9);
  await expect(frame.getByRole('link', { name: 'Watch on StreamHub' })).toHaveAttribute(
    'href',
    `${baseURL}/video/watch/${publicId}`,
  );

  // The same site refuses to be framed anywhere else: the watch page never renders in the frame.
  const watch = await framedOnOtherSite(page, `${baseURL}/video/watch/${publicId}`);
  expect(await watch.locator('#root').count()).toBe(0);
});

test('the watch page’s oEmbed discovery link answers with the video', async ({ request, baseURL }) => {
  const html = await (await request.get(`/video/watch/${publicId}`)).text();
  const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  expect(href).toBe(`${baseURL}/api/oembed?url=${encodeURIComponent(`${baseURL}/video/watch/${publicId}`)}`);
  const oembed = await request.get(href!);
  expect(oembed.status()).toBe(200);
  expect(await oembed.json()).toMatchObject({ type: 'video', title: 'Shared harbour', author_name: owner.user.fullname });
  // An exclusive video's page names no oEmbed (its answer would be 404).
  const exclusive = await (await request.get(`/video/watch/${exclusiveId}`)).text();
  expect(exclusive).not.toContain('application/json+oembed');
});

test('an exclusive video’s embed is a card that serves 0 media bytes', async ({ page, baseURL }) => {
  const media: { url: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (!isVideoMedia(request.url())) return;
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
    media.push({ url: request.url(), bytes: sizes.responseBodySize });
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  const frame = await framedOnOtherSite(page, `${baseURL}/embed/${exclusiveId}?autoplay=1`);
  await expect(frame.getByText('Members harbour')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Watch on StreamHub' })).toHaveAttribute(
    'href',
    `${baseURL}/video/watch/${exclusiveId}`,
  );
  await expect(frame.locator('video')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(requested.some((url) => url.startsWith(`${baseURL}/embed/${exclusiveId}`))).toBe(true);
  expect(requested.filter(isVideoMedia)).toEqual([]);
  expect(media.reduce((sum, m) => sum + m.bytes, 0)).toBe(0);
});

test('Share copies the link at the current time; the link starts there; the embed code is oEmbed’s', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await registerViaApi(page, uniqueUser('sharer-viewer'));
  await page.goto(`/video/watch/${publicId}`);
  const media = page.getByTestId('video-player').locator('[slot="media"]');
  await expect.poll(() => media.evaluate((v: HTMLMediaElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await media.evaluate((v: HTMLMediaElement) => {
    v.pause();
    v.currentTime = 3.4;
  });
  await expect.poll(() => media.evaluate((v: HTMLMediaElement) => v.currentTime)).toBeCloseTo(3.4, 1);

  // Keyboard: the button opens the dialog, Escape closes it and focus comes back.
  const share = page.getByRole('button', { name: 'Share' });
  await share.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();

  await share.click();
  const link = dialog.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveValue(`${baseURL}/video/watch/${publicId}`);
  await dialog.getByRole('checkbox', { name: 'Start at 0:03' }).check();
  await expect(link).toHaveValue(`${baseURL}/video/watch/${publicId}?t=3`);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/video/watch/${publicId}?t=3`);

  // The embed code is what oEmbed consumers get for the same URL.
  const embed = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
  const oembed = await page.request.get(`/api/oembed?url=${encodeURIComponent(copied)}`);
  expect(oembed.status()).toBe(200);
  expect(embed).toBe(((await oembed.json()) as { html: string }).html);
  await dialog.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByText('Embed code copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(embed);

  // Whoever opens the link starts at 0:03: the first range played begins there, not at 0.
  await page.goto(copied);
  const player = page.getByTestId('video-player').locator('[slot="media"]');
  await expect.poll(() => player.evaluate(firstPlayedAt), { timeout: 20_000 }).toBeGreaterThanOrEqual(2.9);
});
