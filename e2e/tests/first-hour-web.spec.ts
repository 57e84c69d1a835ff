import { expect, test, type Page } from '@playwright/test';
import { grantRole } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/** The first hour's web items: thumbnail frames, captions above the controls, the top bar, the audit log. */

test.use({ bypassCSP: true });

const VIEWPORTS = [
  { width: 768, height: 900 },
  { width: 1024, height: 900 },
  { width: 390, height: 844 },
] as const;

async function accessibleEverywhere(page: Page, name: string) {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await expectAccessible(page, `${name} at ${size.width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function thumbnailOf(page: Page, videoId: string): Promise<string> {
  const res = await page.request.get(`/api/video/details/${videoId}`);
  return ((await res.json()) as { data: { thumbnail: string } }).data.thumbnail;
}

test.describe('first hour: thumbnail frames', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the edit page offers the three frames as radio buttons; picking frame 2 and saving sets the thumbnail', async ({
    page,
  }) => {
    await registerViaApi(page, uniqueUser('frames'));
    const userId = await currentUserId(page);
    const videoId = await uploadVideo(page, 'Fh frames', { seconds: 3, audio: false });
    await waitUntilReady(page, userId, [videoId]);
    const before = await thumbnailOf(page, videoId);
    const candidates = ((await (await page.request.get(`/api/video/v/${videoId}/thumbnails`)).json()) as { data: string[] }).data;
    expect(candidates).toHaveLength(3);

    await page.goto(`/video/edit/${videoId}`);
    const frames = page.getByRole('radiogroup', { name: 'Or pick a frame from the video' });
    await expect(frames.getByRole('radio')).toHaveCount(3);
    await expect(frames.getByRole('radio', { checked: true })).toHaveCount(0);
    await accessibleEverywhere(page, 'the edit page with its frames');

    // Keyboard: focus the first frame, arrow to the second.
    await frames.getByRole('radio', { name: 'Frame 1' }).focus();
    await page.keyboard.press('Space');
    await expect(frames.getByRole('radio', { name: 'Frame 1' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(frames.getByRole('radio', { name: 'Frame 2' })).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('frames.png') });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Video details updated successfully!')).toBeVisible();
    await expect.poll(() => thumbnailOf(page, videoId)).not.toBe(before);
  });
});

test.describe('first hour: captions above the controls', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a caption is drawn above the control bar, with the controls shown and at every width', async ({ page }) => {
    await registerViaApi(page, uniqueUser('capbar'));
    const id = await uploadVideo(page, 'Fh captions', { seconds: 6, width: 320, height: 240 });
    await waitUntilReady(page, await currentUserId(page), [id]);
    const added = await page.request.post(`/api/video/v/${id}/captions`, {
      multipart: {
        language: 'en',
        file: {
          name: 'en.srt',
          mimeType: 'application/x-subrip',
          buffer: Buffer.from('1\n00:00:00,000 --> 00:01:00,000\nAbove the bar\n'),
        },
      },
    });
    expect(added.ok(), await added.text()).toBe(true);

    await page.goto(`/video/watch/${id}`);
    const player = page.getByTestId('video-player');
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    await player.locator('media-captions-menu-button').click();
    await player.getByRole('menuitemradio', { name: 'English' }).click();
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 1;
    });
    const caption = player.getByTestId('caption-overlay');
    await expect(caption).toHaveText('Above the bar', { timeout: 20_000 });
    const bar = player.locator('media-control-bar');
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      // The top of the picture: the seek bar's preview (media-chrome's own image) stays closed.
      await player.hover({ position: { x: 20, y: 20 } });
      await expect(bar).toBeVisible();
      const [cap, controls] = [await caption.boundingBox(), await bar.boundingBox()];
      expect(cap && controls, 'both boxes').toBeTruthy();
      expect(cap!.height).toBeGreaterThan(0);
      expect(cap!.y + cap!.height, `caption bottom at ${size.width} px`).toBeLessThanOrEqual(controls!.y);
      await page.screenshot({ path: test.info().outputPath(`captions-${size.width}.png`) });
      await expectAccessible(page, `captions on at ${size.width} px`);
    }
  });
});

test.describe('first hour: one search box in the top bar', () => {
  test('the header has one search box; the channel filter and the sort are labelled in the Filters panel and work', async ({
    page,
  }) => {
    await registerViaApi(page, uniqueUser('topbar'));
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/channel');
    const header = page.getByRole('banner');
    await expect(header.getByRole('searchbox')).toHaveCount(1);
    // Until the panel opens, the top bar shows only the search box.
    await expect(header.getByRole('textbox', { name: 'Channel name' })).toBeHidden();
    await expect(header.getByRole('combobox', { name: 'Sort by' })).toBeHidden();

    await header.getByRole('button', { name: 'Filters' }).click();
    const panel = header.getByRole('group', { name: 'Filters' });
    await expect(panel).toBeVisible();
    // Visible labels, not only accessible names.
    await expect(panel.locator('label', { hasText: 'Channel name' })).toBeVisible();
    await expect(panel.locator('label', { hasText: 'Sort by' })).toBeVisible();
    await panel.getByRole('textbox', { name: 'Channel name' }).fill('ann');
    await panel.getByRole('combobox', { name: 'Sort by' }).selectOption('views');
    await panel.getByRole('button', { name: 'Sort descending' }).click();
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`filters-${width}.png`) });
      await expectAccessible(page, `the Filters panel at ${width} px`);
    }
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/home\?name=ann&sortBy=views&sortType=asc$/);
    await expect(header.getByRole('searchbox')).toHaveCount(1);

    // Phone: the search overlay holds the same labelled fields.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await header.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await expect(overlay.getByRole('searchbox')).toHaveCount(1);
    await expect(overlay.locator('label', { hasText: 'Channel name' })).toBeVisible();
    await expect(overlay.getByRole('textbox', { name: 'Channel name' })).toHaveValue('ann');
    await expect(overlay.getByRole('combobox', { name: 'Sort by' })).toHaveValue('views');
    await page.screenshot({ path: test.info().outputPath('filters-phone.png') });
    await expectAccessible(page, 'the search overlay on a phone');
  });
});

test.describe('first hour: the audit log', () => {
  test('promoting a user with a reason shows @actor, the action, "user → admin" and the reason in their own columns', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const admin = await context.newPage();
    const me = await registerViaApi(admin, uniqueUser('auditadm'));
    grantRole(me.username, 'admin');
    const other = await browser.newContext({ baseURL });
    const member = await registerViaApi(await other.newPage(), uniqueUser('auditmem'));
    await other.close();

    await admin.goto('/admin/users');
    await admin.getByLabel('Search users').fill(member.username);
    await admin.getByRole('search', { name: 'Users' }).getByRole('button', { name: 'Search' }).click();
    const card = admin.getByRole('article', { name: member.fullname });
    await card.getByLabel(`Reason for @${member.username}'s new role`).fill('Runs the film club');
    await card.getByLabel(`Role of @${member.username}`).selectOption('admin');
    await expect(admin.getByText(`@${member.username} is now admin`)).toBeVisible();

    await admin.goto('/admin/audit');
    const table = admin.getByRole('table', { name: 'Staff actions, newest first' });
    const headers = await table.getByRole('columnheader').allTextContents();
    const row = table
      .getByRole('row')
      .filter({ hasText: `@${member.username}` })
      .first();
    await expect(row).toBeVisible();
    const cells = await row.getByRole('cell').allTextContents();
    const cell = (name: string) => cells[headers.indexOf(name)]?.trim();
    expect(cell('Who')).toBe(`@${me.username}`);
    expect(cell('Action')).toBe('user.role');
    expect(cell('Target')).toBe(`@${member.username}`);
    expect(cell('Change')).toBe('user → admin');
    expect(cell('Reason')).toBe('Runs the film club');
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await admin.screenshot({ path: test.info().outputPath(`audit-${size.width}.png`) });
      await expectAccessible(admin, `the audit log at ${size.width} px`);
    }
    await context.close();
  });
});
