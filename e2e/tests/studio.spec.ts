import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

type Analytics = {
  views: { day: string; count: number }[];
  watchSeconds: { day: string; seconds: number }[];
  retention: number[];
};

/**
 * The studio (API.md §16): the owner watches their video in the real player, whose heartbeats
 * reach the analytics once the batched flush has written them; the video's studio page shows the
 * charts, their table views and a CSV of the shown range, and passes axe at 1024 and 768 px.
 */
test.describe('studio', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ bypassCSP: true, acceptDownloads: true });

  test("the owner's watching shows in the video's studio: chart, table view, CSV", async ({ page }) => {
    await registerViaApi(page, uniqueUser('studio'));
    const videoId = await uploadVideo(page, 'Studio river', { seconds: 8, width: 320, height: 180 });
    await waitUntilReady(page, await currentUserId(page), [videoId]);

    // The player autoplays (muted): its first heartbeat goes when it plays, the next when it ends.
    const firstBeat = page.waitForRequest((r) => r.url().endsWith(`/api/video/v/${videoId}/progress`) && r.method() === 'POST');
    await page.goto(`/video/watch/${videoId}`);
    const beat = await firstBeat;
    expect(beat.postDataJSON()).toMatchObject({ playing: true });
    const ended = page.waitForRequest(
      (r) => r.url().endsWith(`/api/video/v/${videoId}/progress`) && (r.postDataJSON() as { playing: boolean }).playing === false,
      { timeout: 30_000 },
    );
    await ended;

    // Written every VIEW_FLUSH_MS (2 s): wait until the server reads them.
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/studio/analytics?videoId=${videoId}`);
          const a = ((await res.json()) as { data: Analytics }).data;
          return { views: a.views.at(-1), watched: (a.watchSeconds.at(-1)?.seconds ?? 0) > 0, started: a.retention[0] };
        },
        { timeout: 20_000, intervals: [1000] },
      )
      .toEqual({ views: { day: today, count: 1 }, watched: true, started: 1 });

    // The owner's watch page links to the video's studio.
    await page.getByRole('link', { name: 'Studio', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/${videoId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Studio: Video analytics' })).toBeVisible();
    const views = page.getByRole('region', { name: 'Views per day' });
    await expect(views.getByTestId('analytics-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(views.locator('.recharts-bar-rectangle path')).not.toHaveCount(0);

    // Table view, with the keyboard: the same numbers in a table.
    const toggle = views.getByRole('button', { name: 'Table view' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = views.getByRole('table', { name: 'Views per day' });
    await expect(table.getByRole('row')).toHaveCount(29); // header + 28 days
    await expect(table.getByRole('row', { name: today })).toContainText('1');

    // Export CSV: the shown range, one row per day.
    const download = page.waitForEvent('download');
    await views.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Views');
    expect(lines).toHaveLength(29);
    expect(lines.at(-1)).toBe(`${today},1`);

    // A preset range: the last 7 days.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(table.getByRole('row')).toHaveCount(8);

    for (const width of [1024, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(views).toBeVisible();
      await expectAccessible(page, `studio at ${width} px`);
    }

    // The whole channel, linked from the videos dashboard.
    await page.goto('/videos');
    await page.getByRole('link', { name: 'Studio', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Studio: Channel analytics' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audience retention' }).locator('svg.recharts-surface')).toBeVisible();
    await expectAccessible(page, 'channel studio');
  });
});
