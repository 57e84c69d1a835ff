import { expect, test } from '@playwright/test';
import { registerViaApi, signInViaUi } from '../support/users';

test('download my data: the export is made, then downloaded from the account page', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Request my data' }).click();
  const link = page.getByRole('link', { name: /^Download my data/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^streamhub-export-\d{4}-\d{2}-\d{2}\.zip$/);
  // One a day.
  await page.getByRole('button', { name: 'Request my data' }).click();
  await expect(page.getByText('You can ask for one export a day.')).toBeVisible();
});

test('delete account: confirmed with the password, the account is gone and cannot sign in', async ({ page, context }) => {
  const user = await registerViaApi(page);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);

  await context.clearCookies();
  await signInViaUi(page, user.username, user.password);
  await expect(page.getByText('Incorrect username or email')).toBeVisible();
});
