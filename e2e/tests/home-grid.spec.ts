import { expect, test, type Page, type Route } from '@playwright/test';
import type { VideoCard } from '@streamhub/contract';
import { apiError, apiInvalid, apiOk, owner, videoCard, videoListPage, type Fulfill } from '../support/api-stubs';
import { registerViaApi } from '../support/users';
import { currentUserId } from '../support/videos';

/**
 * The home grid's client-side rules (SPEC §2, §3, §8) with the list call answered by the test
 * (contract-typed), so paging, fallbacks and error states can be checked without uploading dozens
 * of videos. The real list is covered by discovery.spec.ts.
 */

const olga = owner({ _id: 'owner-1', fullname: 'Olga Owner', username: 'olga', avatar: '/media/no-such-avatar.png' });

function card(n: number, patch: Partial<VideoCard> = {}): VideoCard {
  return videoCard({
    _id: `video-${n}`,
    title: `Clip ${n}`,
    thumbnail: `/media/no-such-thumb-${n}.jpg`,
    duration: 65,
    views: n,
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    owner: [olga],
    ...patch,
  });
}

/** Answers GET /api/video (only the list call, not /api/video/v/… or /new). */
async function answerVideoList(page: Page, handler: (url: URL, route: Route) => Promise<void>) {
  await page.route(
    (url) => url.pathname === '/api/video',
    (route) => handler(new URL(route.request().url()), route),
  );
}

test.describe('home grid', () => {
  test('pages through 30 results with the summary texts and keeps the search in the call', async ({ page }) => {
    await registerViaApi(page);
    const calls: string[] = [];
    await answerVideoList(page, async (url, route) => {
      calls.push(url.search);
      const pageNo = Number(url.searchParams.get('page') ?? '1');
      const first = (pageNo - 1) * 12 + 1;
      const count = Math.max(0, Math.min(12, 30 - first + 1));
      await route.fulfill(
        apiOk(
          videoListPage(
            Array.from({ length: count }, (_, i) => card(first + i)),
            30,
          ),
        ),
      );
    });

    await page.goto('/home?query=clips');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Showing 1 to 12 of 30 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 1 of 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(12);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(calls.at(-1)).toBe('?page=1&query=clips');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/home\?query=clips&page=2$/);
    await expect(pager.getByText('Showing 13 to 24 of 30 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 2 of 3', { exact: true })).toBeVisible();

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Showing 25 to 30 of 30 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 3 of 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(6);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.at(-1)).toBe('?page=3&query=clips');

    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText('Page 2 of 3', { exact: true })).toBeVisible();

    // A new search starts again at page 1.
    const search = page.getByRole('search', { name: 'Video search' }).getByRole('searchbox', { name: 'Search videos' });
    await search.fill('other');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/home\?query=other$/);
    await expect(pager.getByText('Page 1 of 3', { exact: true })).toBeVisible();
  });

  test('cards show the fallbacks, mm:ss durations, relative times and the right channel links', async ({ page }) => {
    await registerViaApi(page);
    const me = await currentUserId(page);
    await answerVideoList(page, (_url, route) =>
      route.fulfill(
        apiOk(
          videoListPage([
            card(1, { title: 'Long one', duration: 125.6, isExclusive: true }),
            // No title, no duration yet, no owner any more: the SPEC §3 fallbacks.
            card(2, { title: '', duration: 0, owner: [] }),
            card(3, { title: 'Mine', owner: [owner({ _id: me, fullname: 'Me Myself', username: 'me' })] }),
          ]),
        ),
      ),
    );
    await page.goto('/home');
    const cards = page.getByTestId('video-card');
    await expect(cards).toHaveCount(3);

    const long = cards.nth(0);
    await expect(long.getByText('02:06', { exact: true })).toBeVisible();
    await expect(long.getByText('Exclusive', { exact: true })).toBeVisible();
    await expect(long.getByText('1 view · 3 hours ago')).toBeVisible();
    await expect(long.getByRole('link', { name: 'Olga Owner', exact: true })).toHaveAttribute('href', '/channel/owner-1');
    // Broken thumbnail and avatar URLs fall back to the default images.
    await expect(long.locator('img').first()).toHaveAttribute('src', '/images/default-thumbnail.svg');
    await expect(long.getByRole('link', { name: "Olga Owner's channel" }).locator('img')).toHaveAttribute(
      'src',
      '/images/default-avatar.svg',
    );

    const untitled = cards.nth(1);
    await expect(untitled.getByRole('link', { name: 'Untitled Video' })).toHaveAttribute('href', '/video/watch/video-2');
    await expect(untitled.getByText('00:00', { exact: true })).toBeVisible();
    await expect(untitled.getByText('Unknown', { exact: true })).toBeVisible();

    // Your own videos link to /channel, not /channel/{yourId}.
    await expect(cards.nth(2).getByRole('link', { name: 'Me Myself', exact: true })).toHaveAttribute('href', '/channel');

    await expect(page.getByText('Showing 1 to 3 of 3 results', { exact: true })).toBeVisible();
  });

  test('a failed load offers Try Again; an empty answer is an invalid response', async ({ page }) => {
    await registerViaApi(page);
    const emptyAnswers: Record<string, Fulfill> = {
      'an empty body': { status: 200, contentType: 'application/json', body: '' },
      'a non-JSON body': { status: 200, contentType: 'text/html', body: '<html></html>' },
      'an envelope without data': { status: 200, contentType: 'application/json', body: '{}' },
      'data null': apiInvalid(null),
    };
    let answer: Fulfill = apiError(400, 'Bad request');
    await answerVideoList(page, (_url, route) => route.fulfill(answer));

    await page.goto('/home');
    await expect(page.getByText('Failed to load videos. Please try again later.', { exact: true })).toBeVisible();
    answer = apiOk(videoListPage([card(1)]));
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('video-card')).toHaveCount(1);

    for (const [name, empty] of Object.entries(emptyAnswers)) {
      answer = empty;
      await page.goto('/home?query=x');
      await expect(page.getByText('Invalid response from server', { exact: true }), name).toBeVisible();
      await expect(page.getByText('Failed to load videos. Please try again later.'), name).toHaveCount(0);
    }
  });

  test('an empty result without a query says No videos found', async ({ page }) => {
    await registerViaApi(page);
    await answerVideoList(page, (_url, route) => route.fulfill(apiOk(videoListPage([]))));
    await page.goto('/home');
    await expect(page.getByText('No videos found', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });
});
