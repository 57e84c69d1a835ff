import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos, currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/** What a newcomer tripped over in the first hour: playlists, the subscriptions feed, texts, the top bar. */

test.use({ bypassCSP: true });

const WIDTHS = [768, 1024] as const;

async function accessibleAt(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function playlistOrder(page: Page, playlistId: string): Promise<string[]> {
  const res = await page.request.get(`/api/playlist/${playlistId}`);
  return ((await res.json()) as { data: { playlist: { videos: Array<{ _id: string }> } } }).data.playlist.videos.map(
    (v) => v._id,
  );
}

test.describe('first hour: playlists', () => {
  test.describe.configure({ timeout: 240_000 });

  test('New playlist in Select a Playlist, reorder by keyboard and drag, Play all in order, Watch later', async ({ page }) => {
    await registerViaApi(page, uniqueUser('firsthour'));
    const userId = await currentUserId(page);
    const ids = [
      await uploadVideo(page, 'Fh first', { seconds: 1, audio: false }),
      await uploadVideo(page, 'Fh second', { seconds: 1, audio: false }),
      await uploadVideo(page, 'Fh third', { seconds: 1, audio: false }),
    ];
    await waitUntilReady(page, userId, ids);
    const [first, second, third] = ids as [string, string, string];

    // 'Select a Playlist' is no dead end: New playlist makes one with the video in it.
    await page.goto(`/video/watch/${first}`);
    await expect(page.getByRole('heading', { name: 'Fh first', level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Select a Playlist' });
    await expect(picker.getByText('No playlists available')).toBeVisible();
    await picker.getByRole('button', { name: 'New playlist' }).click();
    await expect(picker.getByLabel('Name')).toHaveAttribute('maxlength', '100');
    await accessibleAt(page, 'Select a Playlist with New playlist');
    await picker.getByLabel('Name').fill('Fh walks');
    await picker.getByLabel('Description').fill('Three clips in order.');
    await picker.getByRole('button', { name: 'Create and add' }).click();
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(picker).toBeHidden();
    const lists = await page.request.get(`/api/playlist/user/${userId}`);
    const made = ((await lists.json()) as { data: Array<{ _id: string; name: string; videos: string[] }> }).data;
    expect(made.map((p) => [p.name, p.videos])).toEqual([['Fh walks', [first]]]);
    const playlistId = made[0]!._id;
    for (const id of [second, third]) {
      expect((await page.request.post(`/api/playlist/video/${id}/${playlistId}`)).ok()).toBe(true);
    }

    // Watch later: a toggle on the watch page, and its page linked in the sidebar.
    const later = page.getByRole('button', { name: 'Watch later' });
    await expect(later).toHaveAttribute('aria-pressed', 'false');
    await later.click();
    await expect(later).toHaveAttribute('aria-pressed', 'true');
    await accessibleAt(page, 'watch page with Watch later');
    await page.getByRole('link', { name: 'Watch later' }).click();
    await expect(page).toHaveURL(/\/playlist\/watch-later$/);
    await expect(page.getByRole('heading', { name: 'Watch later', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fh first' })).toBeVisible();
    await accessibleAt(page, 'Watch later page');
    await page.getByRole('button', { name: 'Remove Fh first from Watch later' }).click();
    await expect(page.getByText('Nothing saved to watch later')).toBeVisible();

    // Reorder by keyboard: Move down on the first row, saved through PATCH order.
    await page.goto(`/playlist/p/${playlistId}`);
    await expect(page.getByRole('heading', { name: 'Fh walks', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move Fh first up' })).toBeDisabled();
    await page.getByRole('button', { name: 'Move Fh first down' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Fh first moved to position 2 of 3' })).toBeAttached();
    await expect.poll(() => playlistOrder(page, playlistId)).toEqual([second, first, third]);
    await accessibleAt(page, 'playlist detail with reorder');

    // Reorder by drag: the third row dropped on the first.
    const rows = page.getByRole('region', { name: 'Playlist videos' }).getByRole('listitem');
    await rows.nth(2).dragTo(rows.nth(0));
    await expect.poll(() => playlistOrder(page, playlistId)).toEqual([third, second, first]);
    await page.reload();
    await expect(page.getByRole('article').first()).toHaveAccessibleName('Fh third');

    // Play all: the watch page in order, Previous / Next, and on to the next when one ends.
    await page.getByRole('link', { name: 'Play all' }).click();
    await expect(page).toHaveURL(new RegExp(`/video/watch/${third}\\?list=${playlistId}$`));
    const queue = page.getByRole('region', { name: 'Playlist: Fh walks' });
    await expect(queue.getByText('1 / 3')).toBeVisible();
    await expect(queue.getByRole('link', { name: 'Previous' })).toHaveCount(0);
    await queue.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/video/watch/${second}\\?list=${playlistId}$`));
    await expect(queue.getByText('2 / 3')).toBeVisible();
    await accessibleAt(page, 'watch page playing a playlist');
    // The one-second clip plays to its end (muted autoplay) and the next one opens by itself.
    await page.evaluate(() => {
      const video = document.querySelector('video');
      if (video) void video.play();
    });
    await expect(page).toHaveURL(new RegExp(`/video/watch/${first}\\?list=${playlistId}$`), { timeout: 30_000 });
    await expect(queue.getByText('3 / 3')).toBeVisible();
    await expect(queue.getByRole('link', { name: 'Next' })).toHaveCount(0);
    await queue.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/video/watch/${second}\\?list=${playlistId}$`));
  });
});

test.describe('first hour: subscriptions feed and channel videos', () => {
  test.describe.configure({ timeout: 240_000 });

  test('/subscriptions lists the newest videos of my channels above the cards; a channel page lists its latest videos', async ({
    page,
    browser,
    baseURL,
  }) => {
    const creator = await channelWithVideos(
      browser,
      baseURL!,
      [
        { title: 'Fh feed older', clip: { seconds: 1, audio: false } },
        { title: 'Fh feed newer', clip: { seconds: 1, audio: false } },
      ],
      'fhfeed',
    );
    try {
      await registerViaApi(page, uniqueUser('fhviewer'));
      expect((await page.request.post(`/api/subscription/channel/${creator.id}`)).ok()).toBe(true);

      await page.goto('/subscriptions');
      await expect(page.getByRole('heading', { name: 'Your Subscriptions', level: 1 })).toBeVisible();
      const feed = page.getByRole('list', { name: 'Latest from your channels' });
      await expect(feed.getByRole('heading', { level: 3 })).toHaveText(['Fh feed newer', 'Fh feed older']);
      const cards = page.getByRole('list', { name: 'Your Subscriptions' });
      await expect(cards).toBeVisible();
      const feedBox = await feed.boundingBox();
      const cardsBox = await cards.boundingBox();
      expect(feedBox!.y).toBeLessThan(cardsBox!.y);
      await accessibleAt(page, 'subscriptions with the feed');

      await page.goto(`/channel/${creator.id}`);
      const latest = page.getByRole('list', { name: 'Latest videos' });
      await expect(latest.getByRole('heading', { level: 3 })).toHaveText(['Fh feed newer', 'Fh feed older']);
      await accessibleAt(page, 'channel with its latest videos');

      await page.goto('/channel');
      await expect(page.getByRole('region', { name: 'Latest videos' }).getByText('No videos yet')).toBeVisible();
      await accessibleAt(page, 'own channel with its latest videos');
    } finally {
      await creator.close();
    }
  });
});

test.describe('first hour: text that reads right', () => {
  test('fields show their limits, a too long title never reaches the upload, links in a post open safely, counts use plurals', async ({
    page,
  }) => {
    await registerViaApi(page, uniqueUser('fhtext'));

    await page.goto('/video/new');
    const title = page.getByLabel('Title');
    await expect(title).toHaveAttribute('maxlength', '200');
    await title.fill('x'.repeat(5000));
    await expect(title).toHaveValue('x'.repeat(200));
    await expect(page.getByText('200 / 200')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveAttribute('maxlength', '5000');
    await accessibleAt(page, 'upload form with counters');

    const made = await page.request.post('/api/post/new', {
      data: { content: 'Read https://example.com/fh-post, then javascript:alert(1).' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const postId = ((await made.json()) as { data: { _id: string } }).data._id;
    await page.goto(`/post/p/${postId}`);
    const link = page.getByRole('link', { name: 'https://example.com/fh-post' });
    await expect(link).toHaveAttribute('href', 'https://example.com/fh-post');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(page.getByRole('link', { name: /javascript/ })).toHaveCount(0);
    await expect(page.getByTestId('post-comments')).toHaveText('0 comments');
    await accessibleAt(page, 'post with a link');
  });
});
