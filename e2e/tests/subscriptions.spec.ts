import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

test.describe('subscriptions', () => {
  test('a new user has no subscriptions and no subscribers', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/subscriptions');
    await expect(page.getByRole('heading', { name: 'Your Subscriptions', level: 1 })).toBeVisible();
    await expect(page.getByText('No Subscriptions', { exact: true })).toBeVisible();

    // Reached from the sidebar's My Channel section.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscribers' }).click();
    await expect(page).toHaveURL(/\/subscribers$/);
    await expect(page.getByRole('heading', { name: 'Your Subscribers', level: 1 })).toBeVisible();
    await expect(page.getByText('You have no subscribers', { exact: true })).toBeVisible();
  });

  test('subscribe from the watch page, see both lists, unsubscribe on /subscriptions', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const creator = await registerViaApi(page, uniqueUser('creator'));
    const creatorId = await currentUserId(page);
    const videoId = await uploadVideo(page, 'Subscribe to me', { seconds: 3 });
    await waitUntilReady(page, creatorId, [videoId]);

    const viewerPage = await browser.newPage();
    const viewer = await registerViaApi(viewerPage, uniqueUser('fan'));
    const viewerId = await currentUserId(viewerPage);

    // The watch page: Subscribe moves the owner's count up at once, and it stays after a reload.
    await viewerPage.goto(`/video/watch/${videoId}`);
    const count = viewerPage.getByTestId('subscriber-count');
    await expect(count).toHaveText('0 subscribers');
    await viewerPage.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(viewerPage.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();
    await expect(count).toHaveText('1 subscriber');
    await viewerPage.reload();
    await expect(count).toHaveText('1 subscriber');
    await expect(viewerPage.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();

    // The creator sees the new subscriber; a click opens their channel.
    await page.goto('/channel');
    await expect(page.getByRole('region', { name: 'Your Channel' }).getByRole('link', { name: /Subscribers/ })).toContainText(
      '1',
    );
    await page.goto('/subscribers');
    const subscriber = page.getByRole('list', { name: 'Your Subscribers' }).getByRole('link');
    await expect(subscriber).toHaveCount(1);
    await expect(subscriber).toContainText(viewer.fullname);
    await expect(subscriber).toContainText(`@${viewer.username}`);
    await subscriber.click();
    await expect(page).toHaveURL(new RegExp(`/channel/${viewerId}$`));
    await expect(page.getByRole('heading', { name: viewer.fullname, level: 1 })).toBeVisible();

    // The viewer's subscriptions: a card with the channel's details; the card opens the channel.
    await viewerPage.goto('/subscriptions');
    const card = viewerPage.getByRole('article', { name: creator.fullname });
    await expect(card).toContainText(`@${creator.username}`);
    await expect(card).toContainText('1 subscriber');
    // Anywhere on the card (here: its avatar corner) opens the channel.
    await card.click({ position: { x: 12, y: 12 } });
    await expect(viewerPage).toHaveURL(new RegExp(`/channel/${creatorId}$`));
    await expect(viewerPage.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible();
    await viewerPage.goBack();

    // Unsubscribe asks first; No keeps the subscription.
    await card.getByRole('button', { name: 'Unsubscribe' }).click();
    const confirm = viewerPage.getByRole('dialog', { name: 'Unsubscribe?' });
    await expect(confirm).toContainText('Are you sure you want to unsubscribe from this channel?');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Unsubscribe' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(viewerPage.getByText('Unsubscribed!')).toBeVisible();
    await expect(viewerPage.getByText('No Subscriptions', { exact: true })).toBeVisible();
    await expect(viewerPage.getByRole('heading', { name: 'Your Subscriptions' })).toBeFocused();

    // Back on the watch page the count went down again.
    await viewerPage.goto(`/video/watch/${videoId}`);
    await expect(count).toHaveText('0 subscribers');
    await expect(viewerPage.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
    await viewerPage.close();

    await page.goto('/subscribers');
    await expect(page.getByText('You have no subscribers', { exact: true })).toBeVisible();
  });

  test('unsubscribing on the watch page asks first and lowers the count', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await registerViaApi(page, uniqueUser('chan'));
    const creatorId = await currentUserId(page);
    const videoId = await uploadVideo(page, 'Unsubscribe here', { seconds: 3 });
    await waitUntilReady(page, creatorId, [videoId]);

    const viewerPage = await browser.newPage();
    await registerViaApi(viewerPage);
    expect((await viewerPage.request.post(`/api/subscription/channel/${creatorId}`)).status()).toBe(200);

    await viewerPage.goto(`/video/watch/${videoId}`);
    const count = viewerPage.getByTestId('subscriber-count');
    await expect(count).toHaveText('1 subscriber');
    await viewerPage.getByRole('button', { name: 'Subscribed', exact: true }).click();
    await viewerPage.getByRole('dialog', { name: 'Unsubscribe?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(viewerPage.getByText('Unsubscribed!')).toBeVisible();
    await expect(count).toHaveText('0 subscribers');
    await expect(viewerPage.getByRole('button', { name: 'Subscribe', exact: true })).toBeFocused();
    await viewerPage.close();
  });
});
