import { expect, request, test } from '@playwright/test';
import fs from 'node:fs';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';

test('another user sees a channel with Subscribe and its public tiles', async ({ page, baseURL }) => {
  // The channel owner registers in a separate cookie jar.
  const owner = uniqueUser('owner');
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/users/register', {
    multipart: {
      ...owner,
      avatar: { name: 'avatar.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
    },
  });
  expect(response.status()).toBe(201);
  const ownerId = ((await response.json()) as { data: { _id: string } }).data._id;
  await api.dispose();

  await registerViaApi(page);
  await page.goto(`/channel/${ownerId}`);
  await expect(page.getByRole('heading', { name: owner.fullname, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'My Activity' })).toHaveCount(0);

  const tiles = page.getByRole('region', { name: 'Channel' });
  await expect(tiles.getByRole('link', { name: /Videos/ })).toHaveAttribute('href', `/videos/${ownerId}`);
  await expect(tiles.getByRole('link', { name: /Posts/ })).toHaveAttribute('href', `/post/u/${ownerId}`);
  await expect(tiles.getByRole('link', { name: /Playlists/ })).toHaveAttribute('href', `/playlist/u/${ownerId}`);
});

test('a channel that does not exist says so', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/channel/01a201f8-ed5f-7c96-83bf-681d4c536aa7');
  await expect(page.getByRole('alert')).toContainText('Channel does not exist');
});
