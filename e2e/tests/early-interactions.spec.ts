import { expect, test, type Page, type Route } from '@playwright/test';
import { fillRegistration, registerViaApi, uniqueUser } from '../support/users';

/**
 * The server's page shows everything before the app's code has arrived. The forms a visitor uses
 * first (sign in, create account, search) are React form actions: a submit made before React has
 * the page is held by React's own inline script and made again once it has, so a quick visitor on
 * a slow connection loses nothing and no form is sent as a plain GET with its fields in the URL.
 */
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

    const code = await holdAppCode(page);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Nothing went anywhere: React's script holds the submit.
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/$/);
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();

    await expect(page).toHaveURL(/\/home$/);
    expect(urls.filter((url) => url.includes(user.password) || url.includes('password='))).toEqual([]);
  });

  test('a signed-out visitor of /liked is sent to sign in at once, and is back on /liked once signed in', async ({
    page,
    browser,
  }) => {
    const user = uniqueUser('nextliked');
    const other = await browser.newPage();
    await registerViaApi(other, user);
    await other.close();

    const code = await holdAppCode(page);
    const started = Date.now();
    const response = await page.goto('/liked', { waitUntil: 'commit' });
    // The server's redirect: the sign-in form is there before any code.
    expect(response?.url()).toMatch(/\/\?next=%2Fliked$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(Date.now() - started).toBeLessThanOrEqual(1_000);
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    code.release();

    await expect(page).toHaveURL(/\/liked$/);
    await expect(page.getByRole('heading', { name: 'Liked Videos' })).toBeVisible();
  });

  test('an account created before the code arrives, its avatar chosen then, is created with it', async ({ page }) => {
    const code = await holdAppCode(page);
    const user = uniqueUser('earlyavatar');
    await fillRegistration(page, user, { waitUntil: 'commit' });
    await expect.poll(code.held).toBeGreaterThan(0);
    code.release();
    await expect(page).toHaveURL(/\/home$/);
    const me = (await (await page.request.get('/api/users/me')).json()) as { data: { username: string; avatar: string } };
    expect(me.data).toMatchObject({ username: user.username, avatar: expect.stringMatching(/\S/) });
  });
});

test('a search typed and sent before the code arrives is made once React has the page', async ({ page }) => {
  await registerViaApi(page);
  const code = await holdAppCode(page);
  await page.goto('/channel', { waitUntil: 'commit' });
  const search = page.getByRole('search');
  await search.getByLabel('Search videos').fill('cats');
  await search.getByLabel('Sort by').selectOption('views');
  await search.getByLabel('Search videos').press('Enter');
  await expect.poll(code.held).toBeGreaterThan(0);
  code.release();
  await expect(page).toHaveURL(/\/home\?.*query=cats/);
  await expect(page).toHaveURL(/sortBy=views/);
  await expect(search.getByLabel('Search videos')).toHaveValue('cats');
});
