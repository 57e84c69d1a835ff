import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { grantRole } from '../support/admin';
import { fillRegistration, registerViaApi, signInViaUi, uniqueUser } from '../support/users';

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

test('verification required: a new account signs in once it opened the mailed link', async ({ browser, page }) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await registerViaApi(adminPage);
  grantRole(admin.username, 'admin');
  const setVerification = async (value: 'off' | 'required') => {
    const res = await adminPage.request.patch('/api/admin/settings', { data: { emailVerification: value } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await setVerification('required');
  try {
    const user = uniqueUser('verify');
    await fillRegistration(page, user);
    await expect(page.getByRole('status')).toContainText('We mailed you a link');
    await signInViaUi(page, user.username, user.password);
    await expect(page.getByText('Verify your e-mail address first')).toBeVisible();

    const link = new URL((await mailTo(user.email)).link);
    expect(link.pathname).toBe('/verify-email');
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(page.getByRole('status')).toContainText('Your email address is confirmed');

    await signInViaUi(page, user.username, user.password);
    await expect(page).toHaveURL(/\/home$/);
    // Confirmed: no banner.
    await expect(page.getByText('Please confirm your email address.')).toHaveCount(0);
  } finally {
    await setVerification('off');
    await adminContext.close();
  }
});

test('verification required: an older unconfirmed account sees the banner and gets a link from /account', async ({
  browser,
  page,
}) => {
  const user = await registerViaApi(page);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await registerViaApi(adminPage);
  grantRole(admin.username, 'admin');
  const setVerification = (value: 'off' | 'required') =>
    adminPage.request.patch('/api/admin/settings', { data: { emailVerification: value } });
  expect((await setVerification('required')).status()).toBe(200);
  try {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Send me a link' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A link is on its way' })).toBeVisible();
    expect((await mailTo(user.email)).subject).toBe('Confirm your e-mail address');
  } finally {
    await setVerification('off');
    await adminContext.close();
  }
});
