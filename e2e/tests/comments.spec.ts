import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/** The comments of the page (a video's or a post's: the same component, SPEC §2). */
const commentsOf = (page: Page) => page.getByRole('region', { name: /^(\d+ )?Comments?$/ });
const commentBy = (page: Page, username: string) => commentsOf(page).getByRole('article', { name: `Comment by @${username}` });

test.describe('comments', () => {
  test.describe.configure({ timeout: 180_000 });

  test('on a video: add, like, edit and delete; only the author can edit or delete', async ({ page, browser }) => {
    const author = await registerViaApi(page, uniqueUser('com'));
    const videoId = await uploadVideo(page, 'Comment target', { seconds: 3 });
    await waitUntilReady(page, await currentUserId(page), [videoId]);

    await page.goto(`/video/watch/${videoId}`);
    const comments = commentsOf(page);
    await expect(comments.getByRole('heading', { name: '0 Comments' })).toBeVisible();

    // Blank text is never sent.
    const box = comments.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('   ');
    await expect(comments.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled();
    await box.fill('First!');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments.getByRole('heading', { name: '1 Comment' })).toBeVisible();
    const mine = commentBy(page, author.username);
    await expect(mine).toContainText('First!');
    await expect(box).toHaveValue('');
    // Appended with 0 likes.
    await expect(mine.getByTestId('like-count')).toHaveText('0');

    await mine.getByRole('button', { name: /^Like comment/ }).click();
    await expect(mine.getByRole('button', { name: /^Like comment/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(mine.getByTestId('like-count')).toHaveText('1');

    // Edit: unchanged text reverts without a call; a change is saved.
    const edits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/comment/c/')) edits.push(request.url());
    });
    await mine.getByRole('button', { name: `Options for comment by @${author.username}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = mine.getByRole('textbox', { name: 'Your comment' });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue('First!');
    await editor.fill('  First!  ');
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    await expect(editor).toHaveCount(0);
    await expect(mine).toContainText('First!');
    await mine.getByRole('button', { name: `Options for comment by @${author.username}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.fill('   ');
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    await expect(mine).toContainText('First!');
    expect(edits).toHaveLength(0);

    await mine.getByRole('button', { name: `Options for comment by @${author.username}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.fill('First, edited');
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await expect(mine).toContainText('First!');
    await mine.getByRole('button', { name: `Options for comment by @${author.username}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.fill('First, edited');
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    await expect(mine).toContainText('First, edited');
    expect(edits).toHaveLength(1);

    // Another viewer: no Edit/Delete on the author's comment, but a like and a comment of their own.
    const other = await browser.newPage();
    const viewer = await registerViaApi(other, uniqueUser('reader'));
    await other.goto(`/video/watch/${videoId}`);
    const theirs = commentBy(other, author.username);
    await expect(theirs).toContainText('First, edited');
    await expect(theirs.getByTestId('like-count')).toHaveText('1');
    await expect(theirs.getByRole('button', { name: /^Options for comment/ })).toHaveCount(0);
    await theirs.getByRole('button', { name: /^Like comment/ }).click();
    await expect(theirs.getByTestId('like-count')).toHaveText('2');
    await commentsOf(other).getByRole('textbox', { name: 'Add a comment' }).fill('Nice one');
    await commentsOf(other).getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentsOf(other).getByRole('heading', { name: '2 Comments' })).toBeVisible();
    await expect(
      commentBy(other, viewer.username).getByRole('button', { name: `Options for comment by @${viewer.username}` }),
    ).toBeVisible();
    await other.close();

    // The author deletes their comment: at once, SPEC §8 has no confirmation for it. The like state
    // survived a reload; the focus, whose menu went with the comment, lands on the heading.
    await page.reload();
    await expect(mine.getByTestId('like-count')).toHaveText('2');
    await expect(mine.getByRole('button', { name: /^Like comment/ })).toHaveAttribute('aria-pressed', 'true');
    await mine.getByRole('button', { name: `Options for comment by @${author.username}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted!')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(comments.getByRole('heading', { name: '1 Comment' })).toBeFocused();
    await expect(mine).toHaveCount(0);
    await expect(commentBy(page, viewer.username)).toContainText('Nice one');
    await expect(commentBy(page, viewer.username).getByRole('button', { name: /^Options for comment/ })).toHaveCount(0);
  });
});
