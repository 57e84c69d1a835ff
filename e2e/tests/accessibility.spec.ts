import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { grantRole } from '../support/admin';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * axe-core on every screen, with real data on them (a ready video, a like, a history entry, a
 * post, a comment, a subscription, a playlist, an exclusive video to buy). The rules and what fails
 * are support/axe.ts's; axe is injected as a script, so this spec lets Playwright bypass our CSP.
 */
test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ bypassCSP: true });

  test('no serious or critical violation on any page', async ({ page, browser, baseURL }) => {
    // Signed out: the landing page with both views.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectAccessible(page, 'sign in');
    await page.goto('/?view=register');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectAccessible(page, 'create account');

    // Another channel with a ready video; the viewer likes it, watches it, subscribes and comments.
    const creator = await browser.newContext({ baseURL });
    const creatorPage = await creator.newPage();
    await registerViaApi(creatorPage, uniqueUser('axecreator'));
    const videoId = await uploadVideo(creatorPage, 'Accessible river', { seconds: 4, width: 640, height: 360 });
    const paidId = await uploadVideo(
      creatorPage,
      'Paid sunrise',
      { seconds: 2, width: 320, height: 180, audio: false },
      { price: 5 },
    );
    const creatorId = await currentUserId(creatorPage);
    await waitUntilReady(creatorPage, creatorId, [videoId, paidId]);
    const playlist = await creatorPage.request.post('/api/playlist', {
      data: { name: 'Calm rivers', description: 'Water, slowly.' },
    });
    expect(playlist.status(), await playlist.text()).toBe(201);
    const playlistId = ((await playlist.json()) as { data: { _id: string } }).data._id;
    expect((await creatorPage.request.post(`/api/playlist/video/${videoId}/${playlistId}`)).status()).toBeLessThan(300);
    const post = await creatorPage.request.post('/api/post/new', { data: { content: 'A post for everyone' } });
    expect(post.ok()).toBe(true);
    const postId = ((await post.json()) as { data: { _id: string } }).data._id;
    await creator.close();

    const viewer = await registerViaApi(page, uniqueUser('axeviewer'));
    expect((await page.request.post(`/api/like/v/${videoId}`)).ok()).toBe(true);
    expect((await page.request.post(`/api/subscription/channel/${creatorId}`)).ok()).toBe(true);
    expect((await page.request.post(`/api/comment/video/${videoId}`, { data: { content: 'Lovely' } })).ok()).toBe(true);

    const pages: Array<[string, string, RegExp | string]> = [
      ['home', '/home', /Accessible river/],
      ['watch', `/video/watch/${videoId}`, 'Accessible river'],
      ['own channel', '/channel', 'My Activity'],
      ['other channel', `/channel/${creatorId}`, /Subscribed/],
      ['upload', '/video/new', 'Upload'],
      ['liked', '/liked', 'Liked Videos'],
      ['history', '/history', 'Watch History'],
      ['subscriptions', '/subscriptions', 'Your Subscriptions'],
      ['subscribers', '/subscribers', 'Your Subscribers'],
      ['own videos', '/videos', 'Your Videos'],
      ['channel videos', `/videos/${creatorId}`, /Videos/],
      ['posts', `/post/u/${creatorId}`, 'Posts'],
      ['post', `/post/u/${creatorId}/p/${postId}`, 'A post for everyone'],
      ['new post', '/post/new', 'Create Post'],
      ['buy', `/video/buy/${paidId}`, 'Buy for $5'],
      ['playlists', `/playlist/u/${creatorId}`, 'Calm rivers'],
      ['playlist', `/playlist/u/${creatorId}/p/${playlistId}`, 'Accessible river'],
      ['own playlists', '/playlist', 'No Playlists available'],
      ['purchases', '/purchases', 'No Purchase History'],
      ['not found', '/no/such/page', 'Page not found'],
    ];
    for (const [name, path, ready] of pages) {
      await page.goto(path);
      // Visible text only: the page's <title>, in the server's head, holds the same words.
      await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Loading data...')).toHaveCount(0);
      await expectAccessible(page, name);
    }

    // Sharing (docs/sharing.md): the Share dialog, and the embed player and card other sites frame.
    await page.goto(`/video/watch/${videoId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
    await expectAccessible(page, 'share dialog');
    for (const [name, id, ready] of [
      ['embed player', videoId, 'Watch on StreamHub'],
      ['embed card', paidId, 'Paid sunrise'],
    ] as const) {
      await page.goto(`/embed/${id}`);
      await expect(page.getByText(ready).first()).toBeVisible();
      await expectAccessible(page, name);
    }

    // Running it in public (API.md §12): the Report dialog, my reports, Comment Settings, and the
    // staff pages for an admin (made on the command line) with a report in the queue.
    await page.goto(`/video/watch/${videoId}`);
    await page.getByRole('button', { name: 'More actions for this video' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Report video' })).toBeVisible();
    await expectAccessible(page, 'report dialog');
    await page.getByRole('radio', { name: 'Spam or misleading' }).check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Report sent')).toBeVisible();
    grantRole(viewer.username, 'admin');
    const staffPages: Array<[string, string, string]> = [
      ['my reports', '/reports', 'Spam or misleading'],
      ['comment settings', '/channel/comments', 'Blocked words'],
      ['moderation queue', '/admin/reports', 'Accessible river'],
      ['users', '/admin/users', 'Edit limits'],
      ['settings', '/admin/settings', 'Registrations'],
      ['jobs', '/admin/jobs', 'Jobs by state'],
      ['audit log', '/admin/audit', 'user.role'],
    ];
    for (const [name, path, ready] of staffPages) {
      await page.goto(path);
      // Visible text only: the page's <title>, in the server's head, holds the same words.
      await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Loading data...')).toHaveCount(0);
      await expectAccessible(page, name);
    }
  });
});
