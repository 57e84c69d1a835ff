import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { makePng } from './images';

export type TestUser = { fullname: string; username: string; email: string; password: string };

let counter = 0;

/** A user no other test (or earlier run against the same data) has taken. */
export function uniqueUser(prefix = 'user'): TestUser {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { fullname: `Test ${prefix} ${counter}`, username: id, email: `${id}@example.com`, password: 'Secret12!' };
}

/** Fills the create-account view and sends it; what follows is the caller's to check. */
export async function fillRegistration(page: Page, user: TestUser, open?: Parameters<Page['goto']>[1]): Promise<void> {
  await page.goto('/?view=register', open);
  await page.getByLabel('Full name').fill(user.fullname);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByLabel('Avatar').setInputFiles(makePng());
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills the create-account view and waits for /home. */
export async function registerViaUi(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  await fillRegistration(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return user;
}

/** Registers through the API with the page's cookie jar, so the page is signed in afterwards. */
export async function registerViaApi(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  const response = await page.request.post('/api/users/register', {
    multipart: {
      fullname: user.fullname,
      username: user.username,
      email: user.email,
      password: user.password,
      avatar: { name: 'avatar.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

export async function signInViaUi(page: Page, identifier: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Username or email').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
