import { expect, test } from '@playwright/test';
import { grantRole } from '../support/admin';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * API.md §12 end to end: a buyer reports an exclusive video from its watch page, a moderator
 * takes it down from the queue, its owner sees why on their dashboard, the buyer sees the refund
 * in Purchase History; a restore brings the video back without charging anyone again.
 */
test.describe('moderation', () => {
  test('report from the watch page → take down from the queue → owner sees the reason, buyer the refund → restore', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const clip = { seconds: 2, width: 320, height: 180, audio: false };

    // A creator sells a video; a viewer buys it.
    const creatorContext = await browser.newContext({ baseURL });
    const creator = await creatorContext.newPage();
    await registerViaApi(creator, uniqueUser('modcreator'));
    const creatorId = await currentUserId(creator);
    const videoId = await uploadVideo(creator, 'Questionable sunrise', clip, { price: 6 });
    await waitUntilReady(creator, creatorId, [videoId]);

    const buyerContext = await browser.newContext({ baseURL });
    const buyer = await buyerContext.newPage();
    await registerViaApi(buyer, uniqueUser('modbuyer'));
    const bought = await buyer.request.get(`/api/purchase/buy/video/${videoId}`);
    expect(bought.status(), await bought.text()).toBeLessThan(300);

    // The buyer reports it from the watch page's menu.
    await buyer.goto(`/video/watch/${videoId}`);
    await expect(buyer.getByRole('heading', { name: 'Questionable sunrise', level: 1 })).toBeVisible({ timeout: 20_000 });
    await buyer.getByRole('button', { name: 'More actions for this video' }).click();
    await buyer.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Report video' });
    await dialog.getByRole('radio', { name: 'Spam or misleading' }).check();
    await dialog.getByLabel('Details (optional)').fill('It is an advert for a casino.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(buyer.getByText('Report sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    // A second open report on the same video is refused with the server's words.
    await buyer.getByRole('button', { name: 'More actions for this video' }).click();
    await buyer.getByRole('menuitem', { name: 'Report' }).click();
    await dialog.getByRole('radio', { name: 'Hateful or abusive' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('alert')).not.toHaveText('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // My Reports lists it as open.
    await buyer.goto('/reports');
    const myReport = buyer.getByRole('article', { name: 'Report on a video' });
    await expect(myReport).toContainText('Spam or misleading');
    await expect(myReport).toContainText('Open');

    // Users see no staff link; a moderator (made on the command line) does.
    await expect(buyer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true })).toHaveCount(
      0,
    );
    const moderatorContext = await browser.newContext({ baseURL });
    const moderator = await moderatorContext.newPage();
    const mod = await registerViaApi(moderator, uniqueUser('moderator'));
    grantRole(mod.username, 'moderator');
    await moderator.goto('/home');
    await moderator.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(moderator).toHaveURL('/admin/reports');

    // The queue shows the report with its video in context; the moderator takes it down.
    const card = moderator.getByRole('article', { name: 'Report: video, Spam or misleading' }).filter({
      hasText: 'Questionable sunrise',
    });
    await expect(card).toBeVisible();
    await expect(card).toContainText('It is an advert for a casino.');
    await card.getByRole('button', { name: 'Take down' }).click();
    const takedown = moderator.getByRole('dialog', { name: 'Take this video down?' });
    await takedown.getByLabel('Reason').fill('Gambling advertising is not allowed here');
    await takedown.getByRole('button', { name: 'Take down' }).click();
    await expect(moderator.getByText('Taken down')).toBeVisible();
    await expect(card).toHaveCount(0);

    // The owner sees it removed, with the reason, on their dashboard.
    await creator.goto('/videos');
    await expect(creator.getByText('Removed', { exact: true })).toBeVisible();
    await expect(creator.getByText('Gambling advertising is not allowed here')).toBeVisible();

    // The buyer was refunded, and the watch page says why the video is gone.
    await buyer.goto('/purchases');
    const purchase = buyer.getByRole('article', { name: 'Questionable sunrise' });
    await expect(purchase).toContainText('Refunded');
    await buyer.goto('/reports');
    await expect(buyer.getByRole('article', { name: 'Report on a video' })).toContainText('Action taken');
    await buyer.goto(`/video/watch/${videoId}`);
    await expect(buyer.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
    await expect(buyer.getByText(/Gambling advertising is not allowed here/)).toBeVisible();

    // Restore: back on the owner's dashboard; the buyer stays refunded (nobody is charged again).
    await moderator.getByLabel('State').selectOption('actioned');
    const actioned = moderator.getByRole('article', { name: 'Report: video, Spam or misleading' }).filter({
      hasText: 'Questionable sunrise',
    });
    await expect(actioned).toContainText('Removed: Gambling advertising is not allowed here');
    await actioned.getByRole('button', { name: 'Restore' }).click();
    await expect(moderator.getByText('Restored')).toBeVisible();
    await creator.reload();
    await expect(creator.getByRole('link', { name: 'Questionable sunrise' }).first()).toBeVisible();
    await expect(creator.getByText('Gambling advertising is not allowed here')).toHaveCount(0);
    await buyer.goto('/purchases');
    await expect(buyer.getByRole('article', { name: 'Questionable sunrise' })).toContainText('Refunded');

    await Promise.all([creatorContext.close(), buyerContext.close(), moderatorContext.close()]);
  });
});
