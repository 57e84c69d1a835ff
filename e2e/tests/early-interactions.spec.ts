import { expect, test, type Page, type Route } from '@playwright/test';
import { waitForHydration } from '../support/navigation';
import { fillRegistration, registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos, currentUserId } from '../support/videos';

/**
 * The server's page shows everything before the app's code has arrived: what a visitor does before
 * React has taken the page over is held (apps/web/src/hold-early.ts, inline in the head) and done again afterwards, so a
 * quick visitor on a slow connection loses nothing and no form is sent as a plain GET with its
 * fields in the URL.
 */
/** The app's code: every script file (the one that holds is inline in the page's head, src/hold-early.ts). */
const APP_CODE = /\/assets\/[\w-]+\.js$/;

/** Holds every request for the app's code until `release()`; `held()` counts those waiting. */
async function holdAppCode(page: Page) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  await page.route(APP_CODE, async (route: Route) => {
    waiting += 1;
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { held: () => waiting, release: () => open() };
}

test.describe('before the app takes the page over', () => {
  test('a sign-in typed and sent before the code arrives signs in, its password never in a URL', async ({ page, browser }) => {
    const user = uniqueUser('early');
    const other = await browser.newPage();
    await registerViaApi(other, user);
    await other.close();

    // The app's code is held until the form has been sent.
    const code = await holdAppCode(page);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
    // The page is there and usable while its code is held (its load waits for the code).
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Nothing went anywhere: the form is held, not sent by the browser itself.
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/$/);
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();

    await expect(page).toHaveURL(/\/home$/);
    expect(urls.filter((url) => url.includes(user.password) || url.includes('password='))).toEqual([]);
  });

  test('a click on a button before the code arrives is made once React has it', async ({ page }) => {
    await registerViaApi(page);
    const code = await holdAppCode(page);
    await page.goto('/home', { waitUntil: 'commit' });
    // The top bar's notifications button (a plain button of the server's markup until then).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();
    await expect(page.getByRole('link', { name: 'See all' })).toBeVisible();
  });

  test('an account created before the code arrives, its avatar chosen then, is created with it', async ({ page }) => {
    const code = await holdAppCode(page);
    const user = uniqueUser('earlyavatar');
    // The avatar's file input and the checkboxes below change without code: React is told once it has them.
    await fillRegistration(page, user, { waitUntil: 'commit' });
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();
    await expect(page).toHaveURL(/\/home$/);
    const me = (await (await page.request.get('/api/users/me')).json()) as { data: { username: string; avatar: string } };
    expect(me.data).toMatchObject({ username: user.username, avatar: expect.stringMatching(/\S/) });
  });

  test('a checkbox unticked before the code arrives stays unticked and is saved once React has it', async ({ page }) => {
    await registerViaApi(page);
    const code = await holdAppCode(page);
    await page.goto('/notifications', { waitUntil: 'commit' });
    // Playwright's uncheck() fails if the click does not change the box: the click is not held.
    await page.getByLabel('Replies to my comments').uncheck();
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();
    const settings = async () =>
      ((await (await page.request.get('/api/notifications/settings')).json()) as { data: { types: Record<string, boolean> } })
        .data.types;
    await expect.poll(async () => (await settings())['comment.reply']).toBe(false);
    await expect(page.getByLabel('Replies to my comments')).not.toBeChecked();
    expect((await settings())['comment.created']).not.toBe(false);
  });

  test('a video paused and moved before the code arrives stays paused there once the app has the page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const channel = await channelWithVideos(browser, baseURL!, [{ title: 'Early pause', clip: { seconds: 8 } }], 'earlypause');
    await registerViaApi(page);
    const code = await holdAppCode(page);
    // The server's page plays the rung's own file without any code.
    await page.goto(`/video/watch/${channel.videoIds[0]}`, { waitUntil: 'commit' });
    const video = page.getByTestId('video-player').locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 3.4;
    });
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();
    await waitForHydration(page);
    await page.waitForTimeout(1000);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.paused, Math.round(v.currentTime * 10) / 10])).toEqual([true, 3.4]);
    await channel.close();
  });

  test('a ⋯ menu clicked before the code arrives opens once React has it', async ({ page, browser }) => {
    // Its trigger opens on the pointer going down, not on the click (Radix's menus).
    const creator = await browser.newPage();
    const owner = await registerViaApi(creator, uniqueUser('earlymenu'));
    const channelId = await currentUserId(creator);
    await creator.close();
    await registerViaApi(page);
    const code = await holdAppCode(page);
    await page.goto(`/channel/${channelId}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: `More actions for ${owner.fullname}` }).click();
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();
    await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  });
});

test('a search typed and a sort chosen before the code arrives are kept once React has them', async ({ page }) => {
  await registerViaApi(page);
  const code = await holdAppCode(page);
  await page.goto('/channel', { waitUntil: 'commit' });
  const search = page.getByRole('search');
  await search.getByLabel('Search videos').fill('cats');
  await search.getByLabel('Sort by').selectOption('views');
  await expect.poll(code.held).toBeGreaterThan(0);
  code.release();
  // The direction button is React's own state: enabled once the chosen field has reached it.
  await expect(search.getByRole('button', { name: /Sort (descending|ascending)/ })).toBeEnabled();
  await expect(search.getByLabel('Sort by')).toHaveValue('views');
  await expect(search.getByLabel('Search videos')).toHaveValue('cats');
});
