import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, makeClip, waitUntilReady } from '../support/videos';

/**
 * Open doors (API.md §18, docs/visibility.md), as a visitor meets them in Chromium: a shared watch
 * link plays signed out, and acting on it goes through sign-in and back; unlisted videos play by
 * link and embed but are never listed; private ones are their owner's alone; joining and
 * uploading work with a generated avatar and a frame chosen from the video.
 */
async function upload(request: APIRequestContext, title: string, visibility: 'public' | 'unlisted' | 'private') {
  const response = await request.post('/api/video/new', {
    multipart: {
      title,
      description: `${title} description`,
      visibility,
      thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip({ seconds: 3 })) },
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

const playing = (page: Page) =>
  expect
    .poll(
      () =>
        page
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.currentTime),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);

test.describe('visibility and open doors', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ bypassCSP: true });

  test('a shared link plays signed out; Like goes through sign-in and back; unlisted and private as §18 says', async ({
    browser,
    baseURL,
  }) => {
    const creatorContext = await browser.newContext({ baseURL });
    const creator = await creatorContext.newPage();
    await registerViaApi(creator, uniqueUser('opener'));
    const word = `door${Date.now().toString(36)}`;
    const publicId = await upload(creator.request, `${word} public`, 'public');
    const unlistedId = await upload(creator.request, `${word} unlisted`, 'unlisted');
    const privateId = await upload(creator.request, `${word} private`, 'private');
    await waitUntilReady(creator, await currentUserId(creator), [publicId, unlistedId, privateId]);

    // A viewer's account exists; this browser is signed out.
    const viewer = uniqueUser('visitor');
    const setup = await browser.newContext({ baseURL });
    await registerViaApi(await setup.newPage(), viewer);
    await setup.close();

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`/video/watch/${publicId}`);
    await expect(page.getByRole('heading', { name: `${word} public` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await playing(page);
    await expectAccessible(page, 'watch page, signed out');
    // Every public page a signed-out visitor reads: axe finds nothing serious.
    const creatorId = await currentUserId(creator);
    for (const [name, path, ready] of [
      ['home', '/home', `${word} public`],
      ['trending', '/trending', 'Trending'],
      ['channel', `/channel/${creatorId}`, 'Subscribe'],
      ['channel videos', `/videos/${creatorId}`, `${word} public`],
      ['channel playlists', `/playlist/u/${creatorId}`, 'Playlists'],
      ['channel posts', `/post/u/${creatorId}`, 'Posts'],
      ['embed', `/embed/${publicId}`, 'Watch on StreamHub'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, `${name}, signed out`);
    }
    await page.goto(`/video/watch/${publicId}`);

    await page.getByRole('button', { name: /^Like video/ }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?next=${encodeURIComponent(`/video/watch/${publicId}`)}`));
    await page.getByLabel('Username or email').fill(viewer.username);
    await page.getByLabel('Password').fill(viewer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/video/watch/${publicId}$`));
    await expect(page.getByRole('heading', { name: `${word} public` })).toBeVisible();
    const like = page.getByRole('button', { name: /^Like video/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    // Unlisted: not on home, not found by search, but plays from its link and its embed.
    await page.goto('/home');
    await expect(page.getByText(`${word} public`).first()).toBeVisible();
    await expect(page.getByText(`${word} unlisted`)).toHaveCount(0);
    const found = await page.request.get(`/api/video?page=1&query=${word}`);
    const titles = ((await found.json()) as { data: { videos: Array<{ title: string }> } }).data.videos.map((v) => v.title);
    // (Text search stems words: other specs' titles may match too.)
    expect(titles).toContain(`${word} public`);
    expect(titles).not.toContain(`${word} unlisted`);
    expect(titles).not.toContain(`${word} private`);
    await page.goto(`/video/watch/${unlistedId}`);
    await expect(page.getByRole('heading', { name: `${word} unlisted` })).toBeVisible();
    await playing(page);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await page.goto(`/embed/${unlistedId}?autoplay=1`);
    await playing(page);

    // Private: 404 for another user and for a signed-out visitor; plays for its owner.
    const other = await page.goto(`/video/watch/${privateId}`);
    expect(other?.status()).toBe(404);
    await expect(page.getByText(`${word} private`)).toHaveCount(0);
    const anonymous = await browser.newContext({ baseURL });
    expect((await anonymous.request.get(`/api/video/v/${privateId}`)).status()).toBe(404);
    await anonymous.close();
    await creator.goto(`/video/watch/${privateId}`);
    await expect(creator.getByRole('heading', { name: `${word} private` })).toBeVisible();
    await playing(creator);
    await context.close();
    await creatorContext.close();
  });

  test('joining with a generated avatar, and uploading with a frame chosen from the video', async ({ page }) => {
    const user = uniqueUser('genavatar');
    await page.goto('/?view=register');
    await page.getByLabel('Full name').fill(user.fullname);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Generate avatar' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/video/new');
    await page.getByLabel('Title').fill('Framed by hand');
    await page.getByLabel('Description').fill('Its thumbnail is a frame of itself');
    await page.getByLabel('Video file').setInputFiles(makeClip({ seconds: 3 }));
    await page.getByRole('button', { name: 'Choose a frame from the video' }).click();
    await page.getByRole('button', { name: 'Use this frame' }).click();
    await page
      .getByRole('button', { name: /^Upload/ })
      .last()
      .click();
    await expect(page.getByText(/Framed by hand/).first()).toBeVisible({ timeout: 60_000 });
    const me = await currentUserId(page);
    const list = await page.request.get(`/api/dashboard/videos/${me}`);
    const videos = ((await list.json()) as { data: { videos: Array<{ title: string; thumbnail: string }> } }).data.videos;
    expect(videos.map((v) => v.title)).toContain('Framed by hand');
    expect(videos.find((v) => v.title === 'Framed by hand')!.thumbnail).toBeTruthy();
  });
});
