import { expect, type Browser, type Page } from '@playwright/test';
import type { NotificationItem, NotificationsPage } from '@streamhub/contract';
import { registerViaApi, uniqueUser, type TestUser } from './users';
import { currentUserId } from './videos';

/** Another signed-in user in a browser context of their own, driven through the API. */
export async function apiUser(
  browser: Browser,
  baseURL: string,
  prefix: string,
): Promise<{ page: Page; user: TestUser; id: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await registerViaApi(page, uniqueUser(prefix));
  return { page, user, id: await currentUserId(page), close: () => context.close() };
}

export async function subscribe(page: Page, channelId: string) {
  const response = await page.request.post(`/api/subscription/channel/${channelId}`);
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** A post of the page's user; returns its id. */
export async function createPost(page: Page, content: string): Promise<string> {
  const response = await page.request.post('/api/post/new', { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** A comment on a post through the API; returns the comment as the server wrote it. */
export async function commentOnPost(page: Page, postId: string, content: string): Promise<{ _id: string; createdAt: string }> {
  const response = await page.request.post(`/api/comment/post/${postId}`, { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; createdAt: string } }).data;
}

/** The first page of the page's user's notifications, from the API. */
export async function notificationsOf(page: Page): Promise<NotificationsPage> {
  const response = await page.request.get('/api/notifications');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: NotificationsPage }).data;
}

/** Waits (bounded) until the page's user has a notification that `match` accepts, and returns it. */
export async function waitForNotification(
  page: Page,
  match: (item: NotificationItem) => boolean,
  timeout = 20_000,
): Promise<NotificationItem> {
  let found: NotificationItem | undefined;
  await expect
    .poll(
      async () => {
        found = (await notificationsOf(page)).items.find(match);
        return found !== undefined;
      },
      { timeout, intervals: [250] },
    )
    .toBe(true);
  return found!;
}

/** The top bar's bell: its accessible name carries the unread count ('Notifications, 2 unread'). */
export const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** Resolves once the page's live notifications stream has answered (its headers arrived). */
export function streamOpened(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
}
