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

  test('half a password is skipped without holding back the name change', async ({ page }) => {
    await registerViaApi(page);
    const passwordCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users/update_password')) passwordCalls.push(request.url());
    });
    await page.goto('/channel');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });

    // Half a password alone: nothing to send, and the modal stays with its hint.
    await dialog.getByLabel('New password').fill('Another12!');
    await expect(dialog.getByText('Fill in both passwords to change yours.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // With a new name the name is saved, the password is not sent, and the modal closes.
    await dialog.getByLabel('Full name').fill('Half Filled');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Half Filled', level: 1 })).toBeVisible();
    expect(passwordCalls).toEqual([]);
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
