import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, makeClip, waitUntilReady } from '../support/videos';

// API.md §20: a viewer joins a channel's membership from a members-only video and watches it.
// With the test provider's late mode (E2E_PAYMENT_TEST_SETTLE=later) the join goes through the
// provider's checkout, the channel page says "Payment pending" until the provider's signed webhook
// lands, and then the video plays; settling at once (the default), it plays right after the join.

/** The test provider's webhook, signed as it signs them (PAYMENT_TEST_WEBHOOK_SECRET's default). */
function testProviderWebhook(event: object) {
  const payload = JSON.stringify(event);
  const signature = crypto.createHmac('sha256', 'streamhub-test-provider').update(payload).digest('hex');
  return { headers: { 'content-type': 'application/json', 'x-test-signature': signature }, data: payload };
}

test.describe('memberships', () => {
  test.describe.configure({ timeout: 180_000 });

  test('join a membership and watch a members-only video', async ({ page, browser, baseURL }) => {
    await registerViaApi(page, uniqueUser('creator'));
    const creatorId = await currentUserId(page);
    const offer = await page.request.put('/api/memberships/offer', { data: { price: 3, perks: 'Members-only clips' } });
    expect(offer.status(), await offer.text()).toBe(200);
    const upload = await page.request.post('/api/video/new', {
      multipart: {
        title: 'For members',
        description: 'A members-only clip',
        membersOnly: 'true',
        thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
        videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip({ seconds: 4 })) },
      },
      timeout: 60_000,
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const id = ((await upload.json()) as { data: { _id: string } }).data._id;
    await waitUntilReady(page, creatorId, [id]);

    const fanContext = await browser.newContext({ baseURL });
    const fan = await fanContext.newPage();
    await registerViaApi(fan, uniqueUser('fan'));
    // Not a member: the watch page sends the viewer to the video's page, which offers the membership.
    await fan.goto(`/video/watch/${id}`);
    await expect(fan).toHaveURL(new RegExp(`/video/buy/${id}$`));
    await expect(fan.getByText('Members only')).toBeVisible();
    await fan.getByRole('button', { name: 'Join for $3.00/month' }).click();
    // Settled at once: straight to the video. Later: to the provider's checkout, which returns to the channel page.
    await fan.waitForURL((url) => url.pathname === `/video/watch/${id}` || url.searchParams.has('checkout'));
    const checkout = new URL(fan.url()).searchParams.get('checkout');
    if (checkout) {
      await expect(fan).toHaveURL(new RegExp(`/channel/${creatorId}\\?checkout=`));
      await expect(fan.getByRole('status').filter({ hasText: 'Payment pending' })).toBeVisible();
      const hook = testProviderWebhook({
        id: `evt_e2e_${checkout}`,
        type: 'payment.settled',
        purchaseId: checkout,
        reference: `test_${checkout}`,
      });
      const delivered = await fan.request.post('/api/payments/webhook/test', hook);
      expect(delivered.status(), await delivered.text()).toBe(200);
      // The page sees the membership active without a reload.
      await expect(fan.getByRole('status').filter({ hasText: 'You are a member' })).toBeVisible({ timeout: 20_000 });
      await fan.goto(`/video/watch/${id}`);
    }
    await expect(fan).toHaveURL(new RegExp(`/video/watch/${id}$`));
    const player = fan.getByTestId('video-player');
    await expect
      .poll(
        () =>
          player
            .locator('video')
            .first()
            .evaluate((v: HTMLVideoElement) => v.currentTime),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await fanContext.close();

    // The creator's studio lists the member, and the membership's settings.
    await page.goto('/studio/payouts');
    await expect(page.getByRole('heading', { name: 'Earnings and payouts' })).toBeVisible();
    await expect(page.getByLabel('Monthly price')).toHaveValue('3');
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('payout-balance')).toHaveText('$2.70');
  });
});
