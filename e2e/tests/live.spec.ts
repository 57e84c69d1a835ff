import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiOk, watchVideo } from '../support/api-stubs';
import { expectAccessible } from '../support/axe';
import { openInApp, waitForHydration } from '../support/navigation';
import { registerViaApi, uniqueUser, type TestUser } from '../support/users';
import { currentUserId } from '../support/videos';

/**
 * Live streaming (API.md §17) through the real stack: the creator makes a live on the Go live page,
 * the test pushes an ffmpeg test pattern over RTMP to the e2e server (RTMP_PORT, playwright.config.ts)
 * with the key the page showed, a viewer watches it LIVE, another viewer's comment reaches the
 * chat without a reload, and once the creator ends it the replay plays as an ordinary video.
 */

/** ffmpeg sending a 640×360 30 fps test pattern with a tone to `ingestUrl` in real time, for at most `seconds`. */
function pushTestPattern(ingestUrl: string, seconds = 150): ChildProcess {
  // prettier-ignore
  const ffmpeg = spawn('ffmpeg', [
    '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '60',
    '-c:a', 'aac', '-ar', '44100', '-f', 'flv', ingestUrl,
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  ffmpeg.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[rtmp push] ${chunk}`));
  return ffmpeg;
}

/** A signed-in user in a browser context of their own. */
async function userPage(browser: Browser, baseURL: string, prefix: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { page, user: await registerViaApi(page, uniqueUser(prefix)) };
}

/** The page's media element (hls.js's <video> inside its custom element) is playing: its time moves on. */
async function expectPlaying(player: Locator) {
  const time = () => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(first);
}

test.describe('live', () => {
  test.describe.configure({ timeout: 300_000 });

  test('go live with the key the page shows once, watch it LIVE with the chat, end it, then the replay plays', async ({
    page,
    browser,
    baseURL,
  }) => {
    await registerViaApi(page, uniqueUser('creator'));

    // The Go live page, from the channel's videos.
    await page.goto('/videos');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Go Live' }).click();
    await expect(page).toHaveURL(/\/live\/new$/);
    await page.getByLabel('Title').fill('Night sky live');
    await page.getByLabel('Description').fill('Watching the stars together');
    await page.getByRole('button', { name: 'Create live' }).click();
    await expect(page).toHaveURL(/\/live\/[0-9a-f-]{36}$/);
    const videoId = new URL(page.url()).pathname.split('/').pop()!;

    // The Server and the Stream key as OBS names its fields, each with a copy button, and the
    // full URL for ffmpeg under them.
    const server = page.getByRole('textbox', { name: 'Server' });
    const key = page.getByRole('textbox', { name: 'Stream key' });
    const full = page.getByRole('textbox', { name: 'Full URL for ffmpeg' });
    await expect(server).toHaveValue(/^rtmp:\/\/[^/]+:\d+\/live$/);
    const streamKey = await key.inputValue();
    expect(streamKey.length).toBeGreaterThan(10);
    expect(await full.inputValue()).toBe(`${await server.inputValue()}/${streamKey}`);
    await expect(page.getByRole('button', { name: 'Copy server' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy stream key' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy full url for ffmpeg' })).toBeVisible();
    // An encoder joins its Server field and its Stream Key field with a slash, as OBS does.
    const ingestUrl = `${await server.inputValue()}/${streamKey}`;

    // The whole URL pasted into OBS's Server field, the key again in Stream Key: refused, and the
    // page says so within seconds.
    const wrongWay = pushTestPattern(`${await full.inputValue()}/${streamKey}`, 10);
    await expect(page.getByRole('alert').filter({ hasText: 'A stream arrived with a wrong key or path' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'waiting');
    wrongWay.kill('SIGKILL');
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'waiting');

    const ffmpeg = pushTestPattern(ingestUrl);
    try {
      // The creator's page turns live and previews the stream.
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 60_000 });
      await expectPlaying(page.getByTestId('video-player'));
      // The key was shown once: the live's page opened again does not show it.
      await page.reload();
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
      await expect(page.getByRole('textbox', { name: 'Stream key' })).toHaveCount(0);
      await expect(page.getByText('The stream key was shown once')).toBeVisible();

      // A viewer sees LIVE, viewers now and the player at the live edge with "go to live".
      const viewer = await userPage(browser, baseURL!, 'viewer');
      await viewer.page.goto(`/video/watch/${videoId}`);
      await expect(viewer.page.getByRole('heading', { name: 'Night sky live', level: 1 })).toBeVisible({ timeout: 20_000 });
      const status = viewer.page.getByTestId('live-status');
      await expect(status).toHaveAttribute('data-status', 'live');
      await expect(status.getByTestId('live-badge')).toHaveText('LIVE');
      await expect(status.getByTestId('live-viewers')).toHaveText(/^\d+ watching$/);
      const player = viewer.page.getByTestId('video-player');
      await expect(player).toHaveAttribute('data-engine', 'hls');
      await expectPlaying(player);
      // DVR: the keys seek back through the window, off the live edge; "go to live" brings it back.
      const liveButton = player.locator('media-live-button');
      await expect(liveButton).toBeVisible();
      await expect(liveButton).toHaveAttribute('mediatimeislive', '');
      const time = () => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
      // Enough window behind the edge to go back into (a viewer who came early finds a few seconds).
      await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(12);
      const edge = await time();
      // Pressed again until the player has gone back: on a loaded machine a key pressed while the
      // controller was still taking focus went nowhere.
      await expect(async () => {
        await player.focus();
        await viewer.page.keyboard.press('ArrowLeft');
        await viewer.page.keyboard.press('ArrowLeft');
        await expect.poll(time, { timeout: 3_000 }).toBeLessThan(edge - 5);
      }).toPass({ timeout: 20_000 });
      await expect(liveButton).not.toHaveAttribute('mediatimeislive', '');
      const back = await time();
      await liveButton.click();
      await expect(liveButton).toHaveAttribute('mediatimeislive', '', { timeout: 15_000 });
      // The edge moves on as it plays: read until the player has caught up with it.
      await expect.poll(time).toBeGreaterThan(back + 5);
      // Cards show LIVE while it streams.
      await expect
        .poll(
          async () => {
            await viewer.page.goto('/home');
            return viewer.page.getByRole('article', { name: 'Night sky live' }).getByTestId('live-badge').count();
          },
          { timeout: 20_000, intervals: [2000] },
        )
        .toBe(1);
      // The chat's stream has answered before anyone writes (a comment before it opens is in the list the page loads).
      const chatOpened = viewer.page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/api/comment/video/${videoId}/stream` && response.status() === 200,
      );
      await viewer.page.goto(`/video/watch/${videoId}`);
      await chatOpened;
      await expect(viewer.page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
      const comments = viewer.page.getByRole('region', { name: /^(\d+ )?Comments?$/ });
      await expect(comments.getByRole('heading', { name: '0 Comments' })).toBeVisible();

      // Another viewer's comment reaches the chat without a reload.
      const chatter = await userPage(browser, baseURL!, 'chatter');
      const posted = await chatter.page.request.post(`/api/comment/video/${videoId}`, {
        data: { content: 'Hello from the chat' },
      });
      expect(posted.status(), await posted.text()).toBe(201);
      const written = Date.now();
      await expect(comments.getByText('Hello from the chat')).toBeVisible({ timeout: 10_000 });
      console.log(`live chat (comment answered → shown to another viewer): ${Date.now() - written} ms`);
      await expect(comments.getByRole('heading', { name: '1 Comment' })).toBeVisible();

      // The creator ends the stream: viewers see it end, then the replay plays as an ordinary video.
      // The server drops the publisher now: ffmpeg's complaints about it are expected.
      ffmpeg.stderr?.removeAllListeners('data');
      await page.getByRole('button', { name: 'End stream' }).click();
      await page.getByRole('dialog', { name: 'End stream?' }).getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'ended', { timeout: 20_000 });
      ffmpeg.kill('SIGTERM');
      // The viewer's page may see "Stream ended, replay processing" or, as a short replay encodes
      // within one poll on a quiet machine, go straight to the replay: that state's text is the
      // stubbed test's below.
      await expect(viewer.page.getByTestId('live-status')).toHaveCount(0, { timeout: 180_000 });
      const replay = viewer.page.getByTestId('video-player');
      await expect(replay).toHaveAttribute('data-engine', 'hls');
      await expect(replay.locator('media-live-button')).toHaveCount(0);
      await expectPlaying(replay);
      expect(await replay.locator('video').evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
      expect(await replay.locator('video').evaluate((v: HTMLVideoElement) => Number.isFinite(v.duration))).toBe(true);
      // The chat's comment stays with the replay.
      await expect(comments.getByText('Hello from the chat')).toBeVisible();
    } finally {
      ffmpeg.kill('SIGKILL');
    }
  });
});

test.describe('live pages', () => {
  // axe is injected as a script (support/axe.ts).
  test.use({ bypassCSP: true });

  test('Go live and a live watch page at 768 and 1024 px, by keyboard (answers stubbed)', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerViaApi(page, uniqueUser('golive'));
    const me = await currentUserId(page);
    const id = '0194b1c2-0000-7000-8000-00000000a1e0';
    let status: 'waiting' | 'live' | 'ended' = 'waiting';
    const sent: unknown[] = [];
    await page.route('**/api/live', (route) => {
      sent.push(route.request().postDataJSON());
      return route.fulfill(
        apiOk(
          {
            _id: id,
            streamKey: 'first-key-0123456789',
            serverUrl: 'rtmp://127.0.0.1:1935/live',
            ingestUrl: 'rtmp://127.0.0.1:1935/live/first-key-0123456789',
          },
          201,
        ),
      );
    });
    await page.route(`**/api/live/${id}/key`, (route) =>
      route.fulfill(
        apiOk({
          streamKey: 'second-key-9876543210',
          serverUrl: 'rtmp://127.0.0.1:1935/live',
          ingestUrl: 'rtmp://127.0.0.1:1935/live/second-key-9876543210',
        }),
      ),
    );
    await page.route(`**/api/live/${id}`, (route) => route.fulfill(apiOk({ status, startedAt: null, viewers: 3 })));
    await page.route(`**/api/video/v/${id}`, (route) =>
      route.fulfill(
        apiOk(
          watchVideo({
            _id: id,
            title: 'Stubbed live',
            isLive: true,
            status,
            owner: { _id: me, fullname: 'Me', username: 'me', avatar: '' },
          }),
        ),
      ),
    );
    await page.route(`**/api/comment/video/${id}**`, (route) => route.fulfill(apiOk([])));
    await page.route(`**/api/dashboard/more/**`, (route) => route.fulfill(apiOk([])));
    await page.route(`**/api/watchHistory/track/${id}`, (route) => route.fulfill(apiOk(null)));

    await page.setViewportSize({ width: 768, height: 900 });
    await openInApp(page, '/live/new');
    await expect(page.getByRole('heading', { name: 'Go Live', level: 1 })).toBeVisible();
    await expectAccessible(page, 'Go live');
    await page.getByLabel('Title').focus();
    await page.keyboard.type('Stubbed live');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A description');
    // Visibility (API.md §18) comes next; Public stays.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Visibility')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'Exclusive live' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('12');
    await page.getByRole('button', { name: 'Create live' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/live/${id}$`));
    expect(sent).toEqual([{ title: 'Stubbed live', description: 'A description', isExclusive: true, price: 12 }]);

    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'waiting');
    await expect(page.getByTestId('live-status')).toHaveText('Waiting for the stream');
    await expect(page.getByRole('textbox', { name: 'Stream key' })).toHaveValue('first-key-0123456789');
    await expectAccessible(page, 'a live (creator)');
    await page.getByRole('button', { name: 'Copy stream key' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('first-key-0123456789');
    // Nothing of the page leaves the 768 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.getByRole('button', { name: 'New key' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Make a new key?' }).getByRole('button', { name: 'Yes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Stream key' })).toHaveValue('second-key-9876543210');
    await expect(page.getByRole('textbox', { name: 'Full URL for ffmpeg' })).toHaveValue(
      'rtmp://127.0.0.1:1935/live/second-key-9876543210',
    );

    // The watch page follows the state: waiting, LIVE with viewers now, ended.
    await page.setViewportSize({ width: 1024, height: 800 });
    await openInApp(page, `/video/watch/${id}`);
    await expect(page.getByTestId('live-placeholder')).toHaveText('The stream starts soon');
    status = 'live';
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    await expect(page.getByTestId('live-status').getByTestId('live-badge')).toHaveText('LIVE');
    await expect(page.getByTestId('live-viewers')).toHaveText('3 watching', { timeout: 15_000 });
    await expect(page.getByTestId('video-player')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await expectAccessible(page, 'a live (viewer)');
    status = 'ended';
    await expect(page.getByTestId('live-placeholder')).toHaveText('Stream ended, replay processing', { timeout: 20_000 });
  });

  test('a live opened before its stream starts shows its card, then the player takes over without a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    const creator = await registerViaApi(page, uniqueUser('early'));
    const created = await page.request.post('/api/live', { data: { title: 'Early doors live', description: 'Soon' } });
    expect(created.status()).toBe(201);
    const live = (await created.json()).data as { _id: string; ingestUrl: string };

    // An anonymous viewer follows the link early: the card, not an error.
    const context = await browser.newContext({ baseURL });
    const viewer = await context.newPage();
    await viewer.goto(`/video/watch/${live._id}`);
    await expect(viewer.getByTestId('live-placeholder')).toHaveText('The stream starts soon');
    await expect(viewer.getByRole('heading', { name: 'Early doors live', level: 1 })).toBeVisible();
    await expect(viewer.getByText(creator.fullname).first()).toBeVisible();
    await expect(viewer.getByText('Unable to load video')).toHaveCount(0);
    await expect(viewer.getByTestId('live-status')).toHaveAttribute('data-status', 'waiting');
    // Marks this document: a reload would lose it.
    await viewer.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const ffmpeg = pushTestPattern(live.ingestUrl);
    try {
      await expect(viewer.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 60_000 });
      const player = viewer.getByTestId('video-player');
      await expect(player).toBeVisible();
      await expectPlaying(player);
      await expect(viewer.getByTestId('live-placeholder')).toHaveCount(0);
      expect(await viewer.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      ffmpeg.kill('SIGKILL');
      await context.close();
    }
  });

  test('a live that waits says what to check after 30 s of nothing', async ({ page }) => {
    test.setTimeout(120_000);
    await registerViaApi(page, uniqueUser('nostream'));
    // A real live that no encoder ever reaches.
    const created = await page.request.post('/api/live', { data: { title: 'Quiet live', description: 'Nobody streams' } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { _id: string } }).data._id;
    await openInApp(page, `/live/${id}`);
    await expect(page.getByTestId('live-status')).toHaveText('Waiting for the stream');
    await expect(page.getByText('No stream has arrived yet')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'No stream has arrived yet' })).toBeVisible({ timeout: 45_000 });
    await expect(
      page.getByText("Its Server holds this page's Server field and its Stream Key this page's Stream key field"),
    ).toBeVisible();
    await expect(page.getByTestId('stream-help')).not.toContainText('above');
    await expectAccessible(page, 'a live waiting for its stream');
  });
});
