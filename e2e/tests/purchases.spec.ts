import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos, currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/** SPEC §2, §4, §8, §9: buying exclusive videos, playlists and upload slots; the purchase history. */

const envelope = (data: unknown, statusCode: number, reason?: string) => ({
  status: statusCode,
  contentType: 'application/json',
  body: JSON.stringify({ statusCode, data, message: String(data), success: statusCode < 400, ...(reason ? { reason } : {}) }),
});

async function createPlaylistViaApi(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/playlist', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function addVideoViaApi(page: Page, videoId: string, playlistId: string) {
  const response = await page.request.post(`/api/playlist/video/${videoId}/${playlistId}`);
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test.describe('purchases', () => {
  test('a viewer buys an exclusive video and a playlist (with a video added later), buys upload slots, and sees it all in Purchase History', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const creator = await registerViaApi(page, uniqueUser('seller'));
    const creatorId = await currentUserId(page);
    const clip = { seconds: 2, width: 320, height: 180, audio: false };
    const single = await uploadVideo(page, 'Secret sunrise', clip, { price: 5 });
    const bundled = await uploadVideo(page, 'Bonus reel', clip, { price: 7 });
    const later = await uploadVideo(page, 'Late addition', clip, { price: 9 });
    await waitUntilReady(page, creatorId, [single, bundled, later]);
    const playlistId = await createPlaylistViaApi(page, {
      name: 'Premium pack',
      description: 'Everything exclusive.',
      isExclusive: true,
      price: 30,
    });
    await addVideoViaApi(page, bundled, playlistId);

    const buyerPage = await browser.newPage();
    const buyer = buyerPage;
    await registerViaApi(buyer, uniqueUser('buyer'));
    // SPEC §7: every buy call is a GET; each click sends its own idempotency key.
    const buyCalls: { method: string; path: string; key: string | undefined }[] = [];
    buyer.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/purchase/buy/')) {
        buyCalls.push({ method: request.method(), path: pathname, key: request.headers()['idempotency-key'] });
      }
    });

    // An exclusive video opens its buy page.
    await buyer.goto(`/video/watch/${single}`);
    await expect(buyer).toHaveURL(`/video/buy/${single}`);
    await expect(buyer.getByRole('heading', { name: 'Secret sunrise', level: 1 })).toBeVisible();
    await expect(buyer.getByText('Exclusive Video')).toBeVisible();
    await expect(buyer.getByText('Secret sunrise description')).toBeVisible();
    await expect(buyer.getByText(`@${creator.username}`)).toBeVisible();
    await expect(buyer.getByRole('link', { name: new RegExp(creator.fullname) })).toHaveAttribute(
      'href',
      `/channel/${creatorId}`,
    );

    // Buy: the button shows $, the confirmation ₹.
    await buyer.getByRole('button', { name: 'Buy for $5' }).click();
    const confirmVideo = buyer.getByRole('dialog', { name: 'Buy Video?' });
    await expect(confirmVideo).toContainText('₹5');
    await confirmVideo.getByRole('button', { name: 'Yes' }).click();
    await expect(buyer.getByText('Video purchased successfully')).toBeVisible();
    await expect(buyer).toHaveURL(`/video/watch/${single}`);
    await expect(buyer.getByRole('heading', { name: 'Secret sunrise', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(buyer.getByTestId('video-player')).toBeVisible();

    // With access, the buy page does not stay (opened directly, it goes to the video).
    await buyer.goto(`/video/buy/${single}`);
    await expect(buyer).toHaveURL(`/video/watch/${single}`);

    // The playlist: badge with its price, Buy, then the badge is gone.
    await buyer.goto(`/playlist/u/${creatorId}/p/${playlistId}`);
    await expect(buyer.getByText('Exclusive playlist', { exact: true })).toBeVisible();
    await expect(buyer.getByTestId('playlist-price')).toHaveText('$30');
    await buyer.getByRole('button', { name: 'Buy for $30' }).click();
    await buyer.getByRole('dialog', { name: 'Buy Playlist?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(buyer.getByText('Playlist purchased successfully')).toBeVisible();
    await expect(buyer.getByText('Exclusive playlist', { exact: true })).toHaveCount(0);

    // A video the creator adds afterwards is watchable through the playlist.
    await addVideoViaApi(page, later, playlistId);
    await buyer.goto(`/video/watch/${later}`);
    await expect(buyer.getByRole('heading', { name: 'Late addition', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(buyer).toHaveURL(`/video/watch/${later}`);

    // Buy Uploads replaces New Video at a full quota and adds 5 slots.
    for (let i = 0; i < 5; i++) await uploadVideo(buyer, `Filler ${i}`, { seconds: 1, width: 160, height: 120, audio: false });
    await buyer.goto('/videos');
    await expect(buyer.getByText('Uploads: 5/5')).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'New Video' })).toHaveCount(0);
    await buyer.getByRole('button', { name: 'Buy Uploads' }).click();
    const confirmUploads = buyer.getByRole('dialog', { name: 'Buy Uploads?' });
    await expect(confirmUploads).toContainText('5 more slots for ₹20');
    await confirmUploads.getByRole('button', { name: 'Yes' }).click();
    await expect(buyer.getByText('Extra upload slots bought successfully!!')).toBeVisible();
    await expect(buyer.getByText('Uploads: 5/10')).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'New Video' })).toBeVisible();

    const key = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(buyCalls).toEqual([
      { method: 'GET', path: `/api/purchase/buy/video/${single}`, key },
      { method: 'GET', path: `/api/purchase/buy/playlist/${playlistId}`, key },
      { method: 'GET', path: '/api/purchase/buy/uploads', key },
    ]);
    expect(new Set(buyCalls.map((call) => call.key)).size).toBe(3);

    // Purchase History: every kind, amounts in $, playlist links under the owner's channel.
    await buyer.goto('/purchases');
    await expect(buyer.getByRole('heading', { name: 'Purchase History', level: 1 })).toBeVisible();
    const section = (name: string) => buyer.getByRole('region', { name, exact: true });
    await expect(section('Purchased Videos').getByRole('link', { name: 'Secret sunrise' })).toBeVisible();
    await expect(section('Purchased Videos')).toContainText('$5');
    const playlistVideos = section('Playlist Videos');
    await expect(playlistVideos.getByRole('link', { name: 'Bonus reel' })).toBeVisible();
    await expect(playlistVideos.getByRole('link', { name: 'Late addition' })).toBeVisible();
    await expect(playlistVideos.getByRole('link', { name: 'Premium pack' }).first()).toHaveAttribute(
      'href',
      `/playlist/u/${creatorId}/p/${playlistId}`,
    );
    const playlists = section('Purchased Playlists');
    await expect(playlists.getByRole('link', { name: 'Premium pack' })).toHaveAttribute(
      'href',
      `/playlist/u/${creatorId}/p/${playlistId}`,
    );
    await expect(playlists).toContainText('$30');
    await expect(section('Purchased Uploads')).toContainText('+5 upload slots');
    await expect(section('Purchased Uploads')).toContainText('$20');
    await expect(buyer.getByText('No Purchase History')).toHaveCount(0);

    // The creator's channel page shows what they earned.
    await page.goto('/channel');
    const earnings = page.getByRole('region', { name: 'Earnings' });
    await expect(earnings.getByTestId('earnings-sales')).toHaveText('2');
    await expect(earnings.getByRole('link', { name: 'Premium pack' })).toBeVisible();
    await expect(earnings.getByRole('link', { name: 'Secret sunrise' })).toBeVisible();

    // An expired session on an exclusive video leads to sign-in, not to the buy page.
    const stranger = await browser.newPage();
    await registerViaApi(stranger);
    await stranger.context().clearCookies({ name: 'sid' });
    await stranger.goto(`/video/watch/${later}`);
    await expect(stranger).toHaveURL(new RegExp(`/\\?next=${encodeURIComponent(`/video/watch/${later}`)}$`));
    await expect(stranger.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await stranger.close();
    await buyer.close();
  });

  test('one purchase shows all four sections with the exact headings, the empty ones with a note', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/purchases');
    const sectionHeadings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(page.getByText('No Purchase History')).toBeVisible();
    await expect(sectionHeadings).toHaveCount(0);

    const bought = await page.request.get('/api/purchase/buy/uploads');
    expect(bought.status(), await bought.text()).toBe(200);
    await page.reload();
    const titles = ['Purchased Videos', 'Playlist Videos', 'Purchased Playlists', 'Purchased Uploads'];
    await expect(sectionHeadings).toHaveText(titles);
    for (const title of titles) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Purchased Videos', exact: true })).toContainText('No videos bought yet.');
    await expect(page.getByRole('region', { name: 'Purchased Playlists', exact: true })).toContainText(
      'No playlists bought yet.',
    );
    await expect(page.getByRole('region', { name: 'Purchased Uploads', exact: true })).toContainText('+5 upload slots');
    await expect(page.getByText('No Purchase History')).toHaveCount(0);
  });

  test('a refused watch call goes by its reason: purchase to the buy page, signin to sign-in', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const seller = await channelWithVideos(
      browser,
      baseURL!,
      [{ title: 'Locked reel', clip: { seconds: 1, width: 160, height: 120, audio: false }, exclusive: { price: 5 } }],
      'seller',
    );
    const paid = seller.videoIds[0]!;
    await registerViaApi(page);
    // Not bought: the real server refuses with reason purchase (asked as the viewer; the page's own
    // call may be aborted by the browser as the page leaves for the buy page).
    const refused = await page.request.get(`/api/video/v/${paid}`);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, reason: 'purchase' });
    await page.goto(`/video/watch/${paid}`);
    await expect(page).toHaveURL(new RegExp(`/video/buy/${paid}$`));
    await expect(page.getByRole('heading', { name: 'Locked reel', level: 1 })).toBeVisible();

    // A server that refuses the video yet reports access (the real one never does) must not bounce
    // the viewer back and forth.
    let watchCalls = 0;
    await page.route('**/api/video/v/loop-1', (route) => {
      watchCalls += 1;
      return route.fulfill(envelope('No access to this video', 401, 'purchase'));
    });
    await page.route('**/api/purchase/info/loop-1', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 200, data: { hasAccess: true, video: {} }, message: 'Success', success: true }),
      }),
    );
    await page.goto('/video/watch/loop-1');
    // A buy page that went back would show the loading screen and leave for the watch page; this
    // view is where the app stops, so the calls made are all there will be: the route's prefetch
    // and the page's own query.
    await expect(page.getByRole('heading', { name: 'Unable to load video' })).toBeVisible();
    await expect(page.getByText('You already have access, but the video could not be opened just now.')).toBeVisible();
    await expect(page).toHaveURL(/\/video\/buy\/loop-1$/);
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/video/watch/loop-1');
    expect(watchCalls).toBeGreaterThanOrEqual(1);
    expect(watchCalls).toBeLessThanOrEqual(2);

    // The session is gone (expired): the page itself, rendered by the server, clears the user
    // cookie (as any API answer would), and the app goes to sign-in.
    await page.context().clearCookies({ name: 'sid' });
    const response = await page.goto(`/video/watch/${paid}`);
    expect(await response?.headerValue('set-cookie')).toMatch(/(?:^|\n)user=;/);
    await expect(page).toHaveURL(new RegExp(`/\\?next=${encodeURIComponent(`/video/watch/${paid}`)}$`));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await seller.close();
  });

  test('the buy page of a missing video says so', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/video/buy/01a201f8-ed5f-7c96-83bf-681d4c536aa7');
    await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
  });
});
