import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { registerViaApi, signInViaUi } from '../support/users';

/**
 * The newest mail to `to` that the server wrote under DATA_DIR/mail (no MAIL_URL: the embedded
 * default), parsed; waits up to 20 s for it (mail is sent by a job).
 */
async function mailTo(to: string): Promise<{ subject: string; link: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = (await fs.readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.replace(/^\d+-/, '') === `${to}.eml`)
      .sort();
    const newest = files.at(-1);
    if (newest) {
      const parsed = await simpleParser(await fs.readFile(path.join(dir, newest)));
      return { subject: parsed.subject ?? '', link: /https?:\/\/\S+/.exec(parsed.text ?? '')![0] };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} under ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('forgot password: the mailed link sets a new password once, and the new one signs in', async ({ page, context }) => {
  const user = await registerViaApi(page);
  await context.clearCookies();

  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');

  const mail = await mailTo(user.email);
  expect(mail.subject).toBe('Reset your password');
  const link = new URL(mail.link);
  expect(link.pathname).toBe('/reset-password');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-1');
  await page.getByLabel('Confirm new password').fill('Brand-new-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed');

  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('Another-one-2');
  await page.getByLabel('Confirm new password').fill('Another-one-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();

  await signInViaUi(page, user.username, 'Brand-new-1');
  await expect(page).toHaveURL(/\/home$/);
});

test('change of e-mail from /account: the new address confirms it on its page', async ({ page }) => {
  const user = await registerViaApi(page);
  const newEmail = `new-${user.email}`;
  await page.goto('/account');
  await expect(page.getByText(`Now: ${user.email}`)).toBeVisible();
  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('status')).toContainText(`Open the link we mailed to ${newEmail}`);

  expect((await mailTo(user.email)).subject).toBe('Your e-mail address is being changed');
  const link = new URL((await mailTo(newEmail)).link);
  await page.goto(link.pathname + link.search);
  // Opening the link changes nothing; the button does.
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(page.getByRole('status')).toContainText('Your account now uses this email address');
  await page.goto('/account');
  await expect(page.getByText(`Now: ${newEmail}`)).toBeVisible();
});
