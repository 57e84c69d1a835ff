import { expect, test, type Page, type Route } from '@playwright/test';
import type { VideoCard } from '@streamhub/contract';
import { apiError, apiInvalid, apiOk, owner, videoCard, videoListPage, type Fulfill } from '../support/api-stubs';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos, currentUserId, uploadVideo, waitUntilReady } from '../support/videos';
import { openInApp } from '../support/navigation';
import { makePng } from '../support/images';
import fs from 'node:fs';

/**
 * The home grid (SPEC §2, §3, §8). Paging, cards and Try Again run against the real server on
 * uploads found by a word only this run's titles hold. Answers are stubbed only for what the real
 * server cannot be made to answer on demand: server errors and unreadable answers, cards without a
 * title or owner or with broken image URLs, dates in the past, and an empty database.
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

let words = 0;
/** A search word no other title holds (letters and digits: one full-text token). */
function uniqueWord(prefix: string): string {
  words += 1;
  return `${prefix}${Date.now().toString(36)}${words}`;
}

/** Waits until the real list finds `total` ready videos for `query`. */
async function waitForListed(page: Page, query: string, total: number) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/video?page=1&query=${encodeURIComponent(query)}`);
        return ((await res.json()) as { data: { total: number } }).data.total;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(total);
}

/** The search part of every list call the page makes. */
function listCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/video') calls.push(url.search);
  });
  return calls;
}

test.describe('home grid', () => {
  test('pages through 25 results with the summary texts and keeps the search in the call', async ({ page }) => {
    test.setTimeout(300_000);
    await registerViaApi(page, uniqueUser('pager'));
    // 25 uploads: the 5 of the default quota and 20 bought slots.
    for (let i = 0; i < 4; i++) {
      const bought = await page.request.get('/api/purchase/buy/uploads');
      expect(bought.status(), await bought.text()).toBe(200);
    }
    const word = uniqueWord('paging');
    const subset = uniqueWord('subset');
    const tiny = { seconds: 1, width: 160, height: 120, audio: false };
    // The first 13 also hold a second word, for a search with fewer results.
    for (let n = 1; n <= 25; n++) await uploadVideo(page, `${word} clip ${n}${n <= 13 ? ` ${subset}` : ''}`, tiny);
    await waitForListed(page, word, 25);
    const calls = listCalls(page);

    await page.goto(`/home?query=${word}`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Showing 1 to 12 of 25 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 1 of 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(12);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Page 1 came with the HTML (the server asked for it); the browser asks for the next ones.
    expect(calls).toEqual([]);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/home\\?query=${word}&page=2$`));
    await expect(pager.getByText('Showing 13 to 24 of 25 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 2 of 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(12);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Showing 25 to 25 of 25 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 3 of 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(1);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.at(-1)).toBe(`?page=3&query=${word}`);

    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText('Page 2 of 3', { exact: true })).toBeVisible();

    // A new search starts again at page 1.
    const search = page.getByRole('search', { name: 'Video search' }).getByRole('searchbox', { name: 'Search videos' });
    await search.fill(subset);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/home\\?query=${subset}$`));
    await expect(pager.getByText('Showing 1 to 12 of 13 results', { exact: true })).toBeVisible();
    await expect(pager.getByText('Page 1 of 2', { exact: true })).toBeVisible();
    expect(calls.at(-1)).toBe(`?page=1&query=${subset}`);
  });

  test('cards show mm:ss durations, views and age, the Exclusive badge and the right channel links', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const word = uniqueWord('cards');
    const clip = { seconds: 3, width: 320, height: 180, audio: false };
    const creator = await channelWithVideos(
      browser,
      baseURL!,
      [{ title: `Paid ${word}`, clip, exclusive: { price: 5 } }],
      'olga',
    );
    await registerViaApi(page, { ...uniqueUser('me'), fullname: 'Me Myself' });
    const mine = await uploadVideo(page, `Mine ${word}`, clip);
    await waitUntilReady(page, await currentUserId(page), [mine]);
    await waitForListed(page, word, 2);

    await page.goto(`/home?query=${word}`);
    const cards = page.getByTestId('video-card');
    await expect(cards).toHaveCount(2);
    const paid = cards.filter({ has: page.getByRole('link', { name: `Paid ${word}`, exact: true }) });
    await expect(paid.getByText('00:03', { exact: true })).toBeVisible();
    await expect(paid.getByText('Exclusive', { exact: true })).toBeVisible();
    await expect(paid.getByText(/^0 views · (just now|\d+ (seconds?|minutes?) ago)$/)).toBeVisible();
    await expect(paid.getByRole('link', { name: creator.user.fullname, exact: true })).toHaveAttribute(
      'href',
      `/channel/${creator.id}`,
    );
    // The real thumbnail and avatar, not the fallbacks.
    await expect(paid.locator('img').first()).toHaveAttribute('src', /^\/media\/thumbnails\/[\w-]+\.webp$/);
    await expect(paid.getByRole('link', { name: `${creator.user.fullname}'s channel` }).locator('img')).toHaveAttribute(
      'src',
      /^\/media\/avatars\/[\w-]+\.webp$/,
    );

    // Your own videos link to /channel, not /channel/{yourId}; no Exclusive badge on an open video.
    const own = cards.filter({ has: page.getByRole('link', { name: `Mine ${word}`, exact: true }) });
    await expect(own.getByRole('link', { name: 'Me Myself', exact: true })).toHaveAttribute('href', '/channel');
    await expect(own.getByText('00:03', { exact: true })).toBeVisible();
    await expect(own.getByText('Exclusive', { exact: true })).toHaveCount(0);

    await expect(page.getByText('Showing 1 to 2 of 2 results', { exact: true })).toBeVisible();
    await creator.close();
  });

  test("a wide thumbnail's card and watch poster take its 720 px copy on a phone, the full image on a wide screen", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const word = uniqueWord('copy');
    const phone = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await phone.newPage();
    await registerViaApi(page);
    const id = await uploadVideo(page, `Wide ${word}`, { seconds: 3, width: 320, height: 180, audio: false });
    const edit = await page.request.patch(`/api/video/v/${id}`, {
      multipart: { thumbnail: { name: 'wide.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng('1280x720')) } },
    });
    expect(edit.status(), await edit.text()).toBe(200);
    const thumbnail = ((await edit.json()) as { data: { thumbnail: string } }).data.thumbnail;
    expect(thumbnail).toMatch(/^\/media\/thumbnails\/[\w-]+-full\.webp$/);
    const copy = thumbnail.replace(/-full\.webp$/, '-720.webp');
    await waitUntilReady(page, await currentUserId(page), [id]);
    await waitForListed(page, word, 1);

    // The server's HTML names both; a phone (412 px at 1.75) takes the copy.
    const html = await (await page.request.get(`/home?query=${word}`)).text();
    expect(html).toContain(`srcset="${copy} 720w, ${thumbnail} 1280w"`);
    await page.goto(`/home?query=${word}`);
    const image = page.getByTestId('video-card').locator('img').first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-720\.webp$/);

    // The watch page's poster too: the player's image takes the copy and hands it to the video
    // (whose poster takes no srcset); the phone never asks for the full image.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/video/watch/${id}`);
    const media = page.getByTestId('video-player').locator('[slot="media"]').first();
    await expect.poll(() => media.getAttribute('poster')).toBe(copy);
    expect(asked).toContain(copy);
    expect(asked).not.toContain(thumbnail);

    // A wide screen at 3× needs more than 720 pixels for a card a third of the page wide: the full image.
    const wideScreen = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 3 });
    const desk = await wideScreen.newPage();
    await desk.goto(`/home?query=${word}`);
    const full = desk.getByTestId('video-card').locator('img').first();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-full\.webp$/);
    // Its watch page's media has the thumbnail itself as its poster, named as the watch call names it.
    await desk.goto(`/video/watch/${id}`);
    const deskMedia = desk.getByTestId('video-player').locator('[slot="media"]').first();
    await expect.poll(() => deskMedia.getAttribute('poster')).toBe(thumbnail);
    await wideScreen.close();
    await phone.close();
  });

  test('cards the real server never lists: no title, no duration, no owner, broken image URLs; hours-old and 2-minute videos', async ({
    page,
  }) => {
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
    // Opened in the app: the list call is the browser's (a page from the server comes with its list).
    await openInApp(page, '/home');
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
    test.setTimeout(120_000);
    await registerViaApi(page);
    const word = uniqueWord('retry');
    const id = await uploadVideo(page, `Retried ${word}`, { seconds: 1, width: 160, height: 120, audio: false });
    await waitUntilReady(page, await currentUserId(page), [id]);
    await waitForListed(page, word, 1);
    const emptyAnswers: Record<string, Fulfill> = {
      'an empty body': { status: 200, contentType: 'application/json', body: '' },
      'a non-JSON body': { status: 200, contentType: 'text/html', body: '<html></html>' },
      'an envelope without data': { status: 200, contentType: 'application/json', body: '{}' },
      'data null': apiInvalid(null),
    };
    // Stubbed while `answer` is set; otherwise the real server answers.
    let answer: Fulfill | null = apiError(400, 'Bad request');
    await answerVideoList(page, (_url, route) => (answer ? route.fulfill(answer) : route.fallback()));

    await openInApp(page, `/home?query=${word}`);
    await expect(page.getByText('Failed to load videos. Please try again later.', { exact: true })).toBeVisible();
    answer = null;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('video-card')).toHaveCount(1);
    await expect(page.getByRole('link', { name: `Retried ${word}`, exact: true })).toHaveAttribute('href', `/video/watch/${id}`);

    for (const [name, empty] of Object.entries(emptyAnswers)) {
      answer = empty;
      await openInApp(page, '/home?query=x');
      await expect(page.getByText('Invalid response from server', { exact: true }), name).toBeVisible();
      await expect(page.getByText('Failed to load videos. Please try again later.'), name).toHaveCount(0);
    }
  });

  test('an empty result without a query says No videos found', async ({ page }) => {
    await registerViaApi(page);
    // An empty database: on the shared e2e server other tests' videos are listed.
    await answerVideoList(page, (_url, route) => route.fulfill(apiOk(videoListPage([]))));
    await openInApp(page, '/home');
    await expect(page.getByText('No videos found', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });
});
