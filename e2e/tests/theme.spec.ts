import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * The light theme (docs/web.md, "Themes"): it follows the system's prefers-color-scheme; the top
 * bar's toggle stores a choice in the `theme` cookie, which the server writes into <html
 * data-theme>, so the page is painted in it before any script runs. Both themes pass axe's
 * contrast rules at 768 and 1024 px and on a phone.
 */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const WHITE = 'rgb(255, 255, 255)';
const NEAR_BLACK = 'rgb(15, 15, 15)';

test.describe('themes', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ bypassCSP: true });

  test('follows the system, and the toggle is stored and rendered by the server', async ({ browser, baseURL }) => {
    const light = await browser.newContext({ baseURL, colorScheme: 'light' });
    const page = await light.newPage();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await background(page)).toBe(WHITE);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await background(page)).toBe(NEAR_BLACK);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    const cookie = (await light.cookies()).find((c) => c.name === 'theme');
    expect(cookie?.value).toBe('dark');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 86400);

    // The server writes the choice into the page: dark at first paint, with no script at all.
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<html data-theme="dark"/);
    const noScript = await browser.newContext({ baseURL, colorScheme: 'light', javaScriptEnabled: false });
    await noScript.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    const plain = await noScript.newPage();
    await plain.goto('/');
    expect(await background(plain)).toBe(NEAR_BLACK);
    // An unknown value is ignored: the page follows the system again.
    await noScript.addCookies([{ name: 'theme', value: '"><script>x</script>', url: baseURL! }]);
    await plain.goto('/');
    expect(await background(plain)).toBe(WHITE);
    expect(await (await plain.request.get('/')).text()).toMatch(/<html lang="en">/);
    await noScript.close();

    // Back to light, kept across a reload.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await background(page)).toBe(WHITE);
    await light.close();

    // A dark system gets the dark page with no choice stored.
    const dark = await browser.newContext({ baseURL, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await darkPage.goto('/');
    expect(await background(darkPage)).toBe(NEAR_BLACK);
    await dark.close();
  });

  test('both themes pass axe at 768 and 1024 px and on a phone', async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const creator = await setup.newPage();
    await registerViaApi(creator, uniqueUser('themer'));
    const videoId = await uploadVideo(creator, 'Light river', { seconds: 2, width: 320, height: 180 });
    const paidId = await uploadVideo(creator, 'Paid light', { seconds: 2, width: 320, height: 180, audio: false }, { price: 5 });
    const creatorId = await currentUserId(creator);
    await waitUntilReady(creator, creatorId, [videoId, paidId]);
    expect((await creator.request.post(`/api/comment/video/${videoId}`, { data: { content: 'Bright and clear' } })).ok()).toBe(
      true,
    );
    await setup.close();

    const viewports = [
      ['phone', { width: 390, height: 844 }],
      ['768', { width: 768, height: 1000 }],
      ['1024', { width: 1024, height: 800 }],
    ] as const;
    for (const scheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of viewports) {
        // Dark was checked at every size before the light theme existed; once is enough for it now.
        if (scheme === 'dark' && size !== '1024') continue;
        const context = await browser.newContext({ baseURL, colorScheme: scheme, viewport });
        const page = await context.newPage();
        const label = `${scheme} ${size}`;
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
        await expectAccessible(page, `${label}: sign in`);
        await page.goto(`/video/watch/${videoId}`);
        await expect(page.getByRole('heading', { name: 'Light river' })).toBeVisible();
        await expect(page.getByText('Bright and clear')).toBeVisible();
        await expectAccessible(page, `${label}: watch, signed out`);

        await registerViaApi(page, uniqueUser('themeview'));
        const pages: Array<[string, string, string | RegExp]> = [
          ['home', '/home', 'Light river'],
          ['watch', `/video/watch/${videoId}`, 'Bright and clear'],
          ['channel', `/channel/${creatorId}`, 'Subscribe'],
          ['buy', `/video/buy/${paidId}`, 'Buy for $5'],
          ['upload', '/video/new', 'Upload Video'],
          ['own channel', '/channel', 'My Activity'],
        ];
        for (const [name, path, ready] of pages) {
          await page.goto(path);
          await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
          await expect(page.getByText('Loading data...')).toHaveCount(0);
          await expectAccessible(page, `${label}: ${name}`);
          // Nothing wider than the screen (the top bar once overflowed a phone by 46 px).
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: ${name}`).toBeLessThanOrEqual(
            viewport.width,
          );
        }
        await context.close();
      }
    }
  });
});
