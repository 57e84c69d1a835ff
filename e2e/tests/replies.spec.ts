import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos } from '../support/videos';

const commentsOf = (page: Page) => page.getByRole('region', { name: /^(\d+ )?Comments?$/ });
const commentBy = (page: Page, username: string) => commentsOf(page).getByRole('article', { name: `Comment by @${username}` });

test.describe('replies and pins', () => {
  test.describe.configure({ timeout: 180_000 });

  test('reply, the "N replies" toggle expands the thread, a reply to a reply joins it; the owner pins', async ({
    page,
    browser,
    baseURL,
  }) => {
    const channel = await channelWithVideos(browser, baseURL!, [{ title: 'Talk about this', clip: { seconds: 2 } }], 'pin');
    const videoId = channel.videoIds[0]!;
    const fan = await registerViaApi(page, uniqueUser('fan'));
    await page.goto(`/video/watch/${videoId}`);
    const comments = commentsOf(page);
    await comments.getByRole('textbox', { name: 'Add a comment' }).fill('What a clip');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = commentBy(page, fan.username);
    await expect(mine).toContainText('What a clip');

    // Reply to my own comment.
    await mine.getByRole('button', { name: `Reply to @${fan.username}` }).click();
    await comments.getByRole('textbox', { name: 'Your reply' }).fill('Replying to myself');
    await comments.getByRole('button', { name: 'Reply', exact: true }).click();
    const toggle = comments.getByRole('button', { name: /1 reply$/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const thread = comments.getByRole('list', { name: `Replies to @${fan.username}` });
    await expect(thread).toContainText('Replying to myself');

    // Collapse, expand: the thread is loaded from the server.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(thread).toHaveCount(0);
    await page.reload();
    const again = commentsOf(page).getByRole('button', { name: /1 reply$/ });
    await again.click();
    await expect(again).toHaveAttribute('aria-expanded', 'true');
    await expect(thread).toContainText('Replying to myself');

    // A reply to the reply starts with @its author and joins the same thread.
    await thread.getByRole('button', { name: `Reply to @${fan.username}` }).click();
    const box = comments.getByRole('textbox', { name: 'Your reply' });
    await expect(box).toHaveValue(`@${fan.username} `);
    await box.fill(`@${fan.username} and again`);
    await comments.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(comments.getByRole('button', { name: /2 replies$/ })).toBeVisible();
    await expect(thread.getByRole('article')).toHaveCount(2);
    // Still one top-level comment.
    await expect(comments.getByRole('heading', { name: '1 Comment' })).toBeVisible();

    // The channel's owner pins the comment from its menu; everyone sees it labelled.
    const ownerPage = await browser.newPage({ baseURL });
    await ownerPage.request.post('/api/users/login', {
      data: { username: channel.user.username, email: channel.user.username, password: channel.user.password },
    });
    await ownerPage.goto(`/video/watch/${videoId}`);
    const fanComment = commentBy(ownerPage, fan.username).first();
    await fanComment.getByRole('button', { name: `More actions for comment by @${fan.username}` }).click();
    await ownerPage.getByRole('menuitem', { name: 'Pin' }).click();
    await expect(fanComment.getByText('Pinned', { exact: true })).toBeVisible();
    await page.reload();
    await expect(commentBy(page, fan.username).first().getByText('Pinned', { exact: true })).toBeVisible();
    // Others get no Pin.
    await commentBy(page, fan.username)
      .first()
      .getByRole('button', { name: `Options for comment by @${fan.username}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Pin' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await ownerPage.close();
    await channel.close();
  });
});
