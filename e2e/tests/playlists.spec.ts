import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/** SPEC §2 playlists: the list, the 'Create New Playlist' modal, the detail and 'Add' on the watch page. */

async function createPlaylistViaApi(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/playlist', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function addToPlaylistFromWatchPage(page: Page, videoId: string, title: string, playlist: string) {
  await page.goto(`/video/watch/${videoId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a Playlist' });
  await picker.getByRole('button', { name: new RegExp(playlist) }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(picker).toBeHidden();
}

test.describe('playlists', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a new user sees the empty texts', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/playlist');
    await expect(page.getByRole('heading', { name: 'Your Playlists', level: 1 })).toBeVisible();
    await expect(page.getByText('No Playlists available')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Playlist' })).toBeVisible();

    await page.goto('/purchases');
    await expect(page.getByRole('heading', { name: 'Purchase History', level: 1 })).toBeVisible();
    await expect(page.getByText('No Purchase History')).toBeVisible();
  });

  test('create with the price rules, add from the watch page, edit, remove a video and delete, each asking first', async ({
    page,
    browser,
  }) => {
    const creator = await registerViaApi(page, uniqueUser('lists'));
    const creatorId = await currentUserId(page);
    const first = await uploadVideo(page, 'Harbour at dawn', { seconds: 2, audio: false });
    const second = await uploadVideo(page, 'Cliff path', { seconds: 2, audio: false }, { price: 5 });
    await waitUntilReady(page, creatorId, [first, second]);

    // The modal: name and description required, the price only for an exclusive playlist (min 20, default 30).
    await page.goto('/playlist');
    await page.getByRole('button', { name: 'New Playlist' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Playlist' });
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Name is required');
    await modal.getByLabel('Name').fill('Coast walks');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Description is required');
    await modal.getByLabel('Description').fill('Every walk along the coast.');
    await expect(modal.getByLabel('Playlist Price')).toHaveCount(0);
    await modal.getByRole('switch', { name: 'Exclusive playlist' }).press('Space');
    const price = modal.getByLabel('Playlist Price');
    await expect(price).toHaveValue('30');
    await expect(price).toHaveAttribute('min', '20');
    await price.fill('10');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Playlist Price must be at least 20');
    await price.fill('25');
    const created = page.waitForRequest((r) => r.url().endsWith('/api/playlist') && r.method() === 'POST');
    await modal.getByRole('button', { name: 'Create' }).click();
    expect((await created).postDataJSON()).toEqual({
      name: 'Coast walks',
      description: 'Every walk along the coast.',
      isExclusive: true,
      price: 25,
    });
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(modal).toBeHidden();
    const card = page.getByRole('article', { name: 'Coast walks' });
    await expect(card.getByText('Exclusive', { exact: true })).toBeVisible();
    await expect(card.getByText('Videos: 0')).toBeVisible();
    await expect(card.getByText(/Last updated/)).toBeVisible();

    // A public playlist sends neither isExclusive nor price.
    await page.getByRole('button', { name: 'New Playlist' }).click();
    await modal.getByLabel('Name').fill('Scratch list');
    await modal.getByLabel('Description').fill('To be deleted from its page.');
    const publicCreated = page.waitForRequest((r) => r.url().endsWith('/api/playlist') && r.method() === 'POST');
    await modal.getByRole('button', { name: 'Create' }).click();
    expect((await publicCreated).postDataJSON()).toEqual({ name: 'Scratch list', description: 'To be deleted from its page.' });
    await expect(page.getByRole('article', { name: 'Scratch list' })).toBeVisible();

    // 'Add' on the watch page lists the viewer's playlists; an added one shows as such.
    await addToPlaylistFromWatchPage(page, first, 'Harbour at dawn', 'Coast walks');
    await page.getByRole('button', { name: 'Add' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a Playlist' });
    await expect(picker.getByRole('button', { name: /Coast walks/ })).toBeDisabled();
    await expect(picker.getByRole('button', { name: /Coast walks/ })).toContainText('Added');
    await page.keyboard.press('Escape');
    await addToPlaylistFromWatchPage(page, second, 'Cliff path', 'Coast walks');

    // The detail: thumbnail from the first video, name, description, last updated, count.
    await page.goto('/playlist');
    await expect(card.getByText('Videos: 2')).toBeVisible();
    await card.getByRole('link', { name: 'Coast walks' }).click();
    await expect(page).toHaveURL(/\/playlist\/p\/[\w-]+$/);
    const playlistId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Coast walks', level: 1 })).toBeVisible();
    await expect(page.getByText('Every walk along the coast.')).toBeVisible();
    await expect(page.getByText('Videos: 2')).toBeVisible();
    await expect(page.getByText(/Last updated/)).toBeVisible();
    const videos = page.getByRole('region', { name: 'Playlist videos' });
    await expect(videos.getByRole('link', { name: 'Harbour at dawn' })).toHaveAttribute('href', `/video/watch/${first}`);

    // Edit mode: Cancel keeps the old values, 'Save changes' stores new ones.
    const editForm = page.getByRole('form', { name: 'Edit playlist' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await editForm.getByLabel('Name').fill('Never saved');
    await editForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Coast walks', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(editForm.getByLabel('Name')).toHaveValue('Coast walks');
    await editForm.getByLabel('Name').fill('Coast and cliffs');
    await editForm.getByLabel('Description').fill('Walks by the sea.');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: 'Coast and cliffs', level: 1 })).toBeVisible();
    await expect(page.getByText('Walks by the sea.')).toBeVisible();

    // Removing a video asks first; No keeps it.
    await videos.getByRole('button', { name: 'Remove Harbour at dawn from playlist' }).click();
    let confirm = page.getByRole('dialog', { name: 'Remove Video?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(videos.getByRole('link', { name: 'Harbour at dawn' })).toBeVisible();
    await videos.getByRole('button', { name: 'Remove Harbour at dawn from playlist' }).click();
    confirm = page.getByRole('dialog', { name: 'Remove Video?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Removed!')).toBeVisible();
    await expect(page.getByText('Videos: 1')).toBeVisible();
    await expect(videos.getByRole('link', { name: 'Harbour at dawn' })).toHaveCount(0);

    // Someone else: "{fullname}'s Playlists", no owner controls, the exclusive offer on the detail.
    const visitor = await browser.newPage();
    await registerViaApi(visitor);
    await visitor.goto(`/playlist/u/${creatorId}`);
    await expect(visitor.getByRole('heading', { name: `${creator.fullname}'s Playlists`, level: 1 })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'New Playlist' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: /Delete Playlist/ })).toHaveCount(0);
    await visitor.getByRole('link', { name: 'Coast and cliffs' }).click();
    await expect(visitor).toHaveURL(`/playlist/u/${creatorId}/p/${playlistId}`);
    await expect(visitor.getByText('Exclusive playlist', { exact: true })).toBeVisible();
    await expect(visitor.getByTestId('playlist-price')).toHaveText('$25');
    await expect(visitor.getByRole('button', { name: 'Buy for $25' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(visitor.getByRole('article', { name: 'Cliff path' }).getByText('Buy to watch')).toBeVisible();
    await expect(visitor.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    // A missing playlist goes back one page.
    await visitor.goto('/home');
    await visitor.evaluate(() => {
      window.history.pushState({ idx: 1 }, '', '/playlist/p/01a201f8-ed5f-7c96-83bf-681d4c536aa7');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
    });
    await expect(visitor).toHaveURL(/\/home$/);
    // Opened directly (no page to go back to): the viewer's own playlists.
    await visitor.goto('/playlist/p/01a201f8-ed5f-7c96-83bf-681d4c536aa7');
    await expect(visitor).toHaveURL(/\/playlist$/);
    await visitor.close();

    // Deleting from the list asks first ('cannot be undone'); No keeps the playlist.
    await page.goto('/playlist');
    await page.getByRole('button', { name: 'Delete Playlist Coast and cliffs' }).click();
    let deleteDialog = page.getByRole('dialog', { name: 'Delete Playlist?' });
    await expect(deleteDialog).toContainText('cannot be undone');
    await deleteDialog.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('article', { name: 'Coast and cliffs' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Playlist Coast and cliffs' }).click();
    deleteDialog = page.getByRole('dialog', { name: 'Delete Playlist?' });
    await deleteDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Deleted!')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Coast and cliffs' })).toHaveCount(0);

    // Deleting from the detail goes to the list; the last one gone leaves the empty text.
    await page.getByRole('link', { name: 'Scratch list' }).click();
    await page.getByRole('button', { name: 'Delete Playlist' }).click();
    await page.getByRole('dialog', { name: 'Delete Playlist?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/playlist$/);
    await expect(page.getByText('No Playlists available')).toBeVisible();
  });

  test('the playlist picker and the list work with the keyboard', async ({ page }) => {
    await registerViaApi(page, uniqueUser('keys'));
    const ownerId = await currentUserId(page);
    const video = await uploadVideo(page, 'Keyboard clip', { seconds: 2, audio: false });
    await createPlaylistViaApi(page, { name: 'Typed list', description: 'Reached by Tab.' });
    await waitUntilReady(page, ownerId, [video]);

    await page.goto(`/video/watch/${video}`);
    await expect(page.getByRole('heading', { name: 'Keyboard clip', level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add' }).focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Select a Playlist' });
    await expect(picker.getByRole('button', { name: /Typed list/ })).toBeVisible();
    await picker.getByRole('button', { name: /Typed list/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(picker).toBeHidden();
    // Focus goes back to 'Add'.
    await expect(page.getByRole('button', { name: 'Add' })).toBeFocused();

    await page.goto('/playlist');
    await page.getByRole('link', { name: 'Typed list' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Typed list', level: 1 })).toBeVisible();
    await expect(page.getByText('Videos: 1')).toBeVisible();
  });
});
