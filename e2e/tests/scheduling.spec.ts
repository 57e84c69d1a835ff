import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, makeClip, waitUntilReady } from '../support/videos';

/**
 * Scheduled publishing and chapters (API.md §16, docs/chapters-and-scheduling.md): the owner
 * schedules an upload from the form and sees it scheduled on their dashboard while nobody else
 * finds it; a description with three timestamps gives a chapter list and seek-bar segments, and
 * chapters and `?t=` links seek the player.
 */

/** A datetime-local value `days` from now, in the browser's (this machine's) time zone. */
function localInputValue(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function uploadWithDescription(page: Page, title: string, description: string): Promise<string> {
  const response = await page.request.post('/api/video/new', {
    multipart: {
      title,
      description,
      thumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(makeClip({ seconds: 12 })) },
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

test.describe('scheduling and chapters', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner schedules an upload and sees it scheduled on their dashboard; nobody else finds it', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(page, uniqueUser('scheduler'));
    const title = `Premiere ${user.username}`;
    await page.goto('/video/new');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Out on Friday.');
    await page.getByLabel('Video file').setInputFiles(makeClip());
    await page.getByLabel('Thumbnail').setInputFiles(makePng());
    const schedule = page.getByLabel('Schedule');
    await expect(schedule).toHaveAttribute('type', 'datetime-local');
    await schedule.fill(localInputValue(2));
    await page.getByRole('button', { name: 'Upload' }).click();

    await expect(page).toHaveURL(/\/videos$/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toHaveAttribute('data-status', /processing|scheduled/);
    // Transcoded at once, then waiting for its time.
    await expect(card).toHaveAttribute('data-status', 'scheduled', { timeout: 90_000 });
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(card.getByText(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/)).toBeVisible();
    // Its owner opens it before its time: the player and a note, no comments yet.
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/video\/watch\//);
    await expect(
      page.getByRole('status').filter({ hasText: /^Scheduled for \d{4}-\d\d-\d\d \d\d:\d\d UTC: only you/ }),
    ).toBeVisible();
    await expect(page.locator('video').first()).toBeAttached();

    // The watch call answers its owner (scheduled); everyone else gets 404 and no trace in lists or search.
    const ownerId = await currentUserId(page);
    const mine = (await (await page.request.get(`/api/dashboard/videos/${ownerId}`)).json()) as {
      data: { videos: Array<{ _id: string; title: string; publishAt: string | null }> };
    };
    const video = mine.data.videos.find((v) => v.title === title)!;
    expect(Date.parse(video.publishAt!)).toBeGreaterThan(Date.now() + 86_400_000);
    const watched = await page.request.get(`/api/video/v/${video._id}`);
    expect(((await watched.json()) as { data: { status: string } }).data.status).toBe('scheduled');
    expect((await request.get(`/api/video/v/${video._id}`)).status()).toBe(404);
    const search = (await (await request.get(`/api/video?query=${encodeURIComponent(title)}`)).json()) as {
      data: { videos: Array<{ _id: string }> };
    };
    expect(search.data.videos.map((v) => v._id)).not.toContain(video._id);

    // The edit page shows the time; emptied, the video is public at once.
    await page.goto(`/video/edit/${video._id}`);
    await expect(page.getByLabel('Schedule')).not.toHaveValue('');
    await page.getByLabel('Schedule').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await request.get(`/api/video/v/${video._id}`)).status(), { timeout: 10_000 }).toBe(200);
  });

  test('chapters from the description: a list under the player, segments on the seek bar; chapters and ?t= links seek', async ({
    page,
  }) => {
    await registerViaApi(page, uniqueUser('chapters'));
    const title = 'Chaptered tour';
    const id = await uploadWithDescription(
      page,
      title,
      ['A tour in three parts:', '0:00 Intro', '0:04 - The middle', '0:08 Ending', 'The best bit is at 0:06, really.'].join('\n'),
    );
    await waitUntilReady(page, await currentUserId(page), [id]);
    expect((await page.request.post(`/api/comment/video/${id}`, { data: { content: 'Watch 0:09 closely' } })).status()).toBe(201);

    await page.goto(`/video/watch/${id}`);
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    await expect(chapters.getByRole('listitem')).toHaveText(['0:00Intro', '0:04The middle', '0:08Ending']);
    const player = page.getByTestId('video-player');
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    // media-chrome's seek bar draws the chapters track's cues as segments (one more, a sliver, when
    // the media runs a few milliseconds past the duration the last cue ends at).
    await expect
      .poll(() =>
        player
          .locator('media-time-range')
          .evaluate((el) => el.shadowRoot?.querySelectorAll('#segments-clipping rect').length ?? 0),
      )
      .toBeGreaterThanOrEqual(3);

    const position = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await chapters.getByRole('link', { name: /Ending/ }).click();
    await expect(page).toHaveURL(new RegExp(`/video/watch/${id}\\?t=8$`));
    await expect.poll(position).toBeGreaterThanOrEqual(7.9);

    // A timestamp in the description and one in a comment are links to this page at that second.
    const description = page.getByTestId('video-description');
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await description.getByRole('link', { name: '0:06' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?t=6$`));
    await expect.poll(position).toBeGreaterThanOrEqual(5.9);
    expect(await position()).toBeLessThan(8);
    await expect(page.getByRole('link', { name: '0:09' })).toHaveAttribute('href', `/video/watch/${id}?t=9`);

    // A shared ?t= link starts the player there.
    await page.goto(`/video/watch/${id}?t=4`);
    await expect.poll(position, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  });
});
