import { expect, test } from '@playwright/test';
import { waitForHydration } from '../support/navigation';
import { registerViaApi } from '../support/users';

test.describe('signed-in shell', () => {
  test('an unknown route shows the not-found screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/home');
    // One main landmark, and Go back still leads somewhere when the page was opened directly.
    await expect(page.getByRole('main')).toHaveCount(1);
    await page.getByRole('button', { name: 'Go back' }).click();
    // /home, public (API.md §18): an anonymous visitor reads it, with Sign in and Create account
    // in the top bar, both coming back to it.
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/?next=%2Fhome');
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/?next=%2Fhome&view=register');
  });

  test('going offline shows the offline screen; coming back goes home', async ({ page, context }) => {
    await registerViaApi(page);
    await page.goto('/channel');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    // The button above is the server's markup: the app's code must have arrived and taken the page
    // over before the connection goes (offline, the code itself could not be fetched).
    await waitForHydration(page);

    await context.setOffline(true);
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { name: 'No Internet Connection' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retry' })).toHaveAttribute('href', '/home');

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  });

  test('below 1024 px the sidebar is a slide-in panel', async ({ page }) => {
    await registerViaApi(page);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/home');

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('link', { name: 'Liked Videos' })).toBeHidden();

    await menuButton.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'Liked Videos' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Reaching desktop width closes the panel and shows the fixed sidebar.
    await menuButton.click();
    await expect(panel).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(panel).toBeHidden();
    await expect(menuButton).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Videos' })).toBeVisible();
  });

  test('search goes to /home with the filters', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/channel');
    const search = page.getByRole('search');
    const direction = search.getByRole('button', { name: /Sort (descending|ascending)/ });
    // Channel name and Sort by are in the Filters panel, which opens with the search box's focus.
    await search.getByLabel('Search videos').fill('  cats  ');
    await expect(direction).toBeDisabled();
    await search.getByLabel('Sort by').selectOption('views');
    await expect(direction).toBeEnabled();
    await direction.click();
    await search.getByLabel('Search videos').press('Enter');
    await expect(page).toHaveURL(/\/home\?query=cats&sortBy=views&sortType=asc$/);

    await search.getByLabel('Search videos').fill('   ');
    await search.getByLabel('Channel name').fill('ann');
    await search.getByLabel('Sort by').selectOption('');
    await search.getByLabel('Channel name').press('Enter');
    await expect(page).toHaveURL(/\/home\?name=ann$/);
  });

  test('below 768 px the search opens as an overlay', async ({ page }) => {
    await registerViaApi(page);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto('/home');
    await expect(page.getByRole('search')).toBeHidden();
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await overlay.getByLabel('Search videos').fill('dogs');
    await overlay.getByLabel('Search videos').press('Enter');
    await expect(page).toHaveURL(/\/home\?query=dogs$/);
    await expect(overlay).toBeHidden();
  });
});
