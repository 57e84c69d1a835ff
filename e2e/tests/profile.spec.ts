import { expect, test } from '@playwright/test';
import { registerViaApi } from '../support/users';

test.describe('own channel and Edit Profile', () => {
  test('shows the owner view with activity tiles', async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto('/channel');
    await expect(page.getByRole('heading', { name: user.fullname, level: 1 })).toBeVisible();
    await expect(page.getByText(`@${user.username}`).first()).toBeVisible();
    const activity = page.getByRole('region', { name: 'My Activity' });
    await expect(activity.getByRole('link', { name: /Liked Videos/ })).toHaveAttribute('href', '/liked');
    await expect(activity.getByRole('link', { name: /Playlists/ })).toHaveAttribute('href', '/playlist');
    await expect(activity.getByRole('link', { name: /Subscriptions/ })).toHaveAttribute('href', '/subscriptions');
  });

  test('the Edit Profile modal changes the full name', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/channel');
    await page.getByRole('button', { name: 'Edit Profile' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Full name').fill('Renamed Person');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Renamed Person', level: 1 })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByText('Renamed Person')).toBeVisible();

    // The server refreshed the user cookie, so the name survives a reload.
    await page.reload();
    await expect(sidebar.getByText('Renamed Person')).toBeVisible();
  });

  test('a wrong old password keeps the modal open with the server text', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/channel');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Old password').fill('NotMyPassword1!');
    await dialog.getByLabel('New password').fill('Another12!');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Old password incorrect');
    await expect(dialog).toBeVisible();
  });
});
