import { expect, test, type Route } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';

/**
 * The app's code is asked for once the server's page has loaded its content (apps/web/src/main.tsx):
 * what a visitor does before React has taken the page over is held and done again afterwards, so
 * a quick visitor loses nothing and no form is sent as a plain GET with its fields in the URL.
 */
test.describe('before the app takes the page over', () => {
  test('a sign-in typed and sent before the code arrives signs in, its password never in a URL', async ({ page, browser }) => {
    const user = uniqueUser('early');
    const other = await browser.newPage();
    await registerViaApi(other, user);
    await other.close();

    // The app's code (everything but the tiny entry) is held until the form has been sent.
    const held: Array<() => void> = [];
    await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route: Route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue().catch(() => undefined);
    });
    const urls: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
    await page.goto('/');
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Nothing went anywhere: the form is held, not sent by the browser itself.
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/$/);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const release of held) release();

    await expect(page).toHaveURL(/\/home$/);
    expect(urls.filter((url) => url.includes(user.password) || url.includes('password='))).toEqual([]);
  });

  test('a click on a button before the code arrives is made once React has it', async ({ page }) => {
    await registerViaApi(page);
    const held: Array<() => void> = [];
    await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route: Route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/home');
    // The top bar's notifications button (a plain button of the server's markup until then).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const release of held) release();
    await expect(page.getByRole('link', { name: 'See all' })).toBeVisible();
  });
});
