import { expect, test, type Page } from '@playwright/test';
import { apiError } from '../support/api-stubs';
import { navigateInApp } from '../support/navigation';
import { registerViaApi, uniqueUser } from '../support/users';
import { currentUserId } from '../support/videos';

const postCard = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('article');
const comments = (page: Page) => page.getByRole('region', { name: /^(\d+ )?Comments?$/ });

test.describe('posts', () => {
  test('a new user has no posts and a New Post link', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/channel');
    await page.getByRole('region', { name: 'Your Channel' }).getByRole('link', { name: /Posts/ }).click();
    await expect(page).toHaveURL(/\/post$/);
    await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
    await expect(page.getByText('You have no posts', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/post/new');
  });

  test('the author creates, likes, comments on, edits and deletes a post; another user likes and comments', async ({
    page,
    browser,
  }) => {
    const author = await registerViaApi(page, uniqueUser('poster'));
    const authorId = await currentUserId(page);
    const postWrites: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/post\//.test(new URL(request.url()).pathname)) postWrites.push(request.url());
    });

    // Create: blank text is never sent.
    await page.goto('/post');
    await page.getByRole('link', { name: 'New Post' }).click();
    await expect(page.getByRole('heading', { name: 'New Post', level: 1 })).toBeVisible();
    const content = page.getByRole('textbox', { name: 'Content' });
    await expect(content).toBeFocused();
    await content.fill('   \n ');
    await expect(page.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    await content.fill('Hello from my channel\nSecond line');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByText('Post created')).toBeVisible();
    await expect(page).toHaveURL(/\/post$/);
    expect(postWrites).toHaveLength(1);

    const card = postCard(page);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(author.fullname);
    await expect(card).toContainText('Hello from my channel');
    await expect(card.getByTestId('post-likes')).toHaveText('0 likes');
    await expect(card.getByTestId('post-comments')).toHaveText('0 comments');

    // The detail: like and comment.
    await card.click({ position: { x: 200, y: 80 } });
    await expect(page).toHaveURL(/\/post\/p\/[^/]+$/);
    const postId = page.url().split('/').pop()!;
    const post = page.getByRole('article', { name: 'Post', exact: true });
    await expect(post).toContainText('Second line');
    await post.getByRole('button', { name: /^Like post/ }).click();
    await expect(post.getByRole('button', { name: /^Like post/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(post.getByTestId('like-count')).toHaveText('1');
    await expect(comments(page).getByRole('heading', { name: '0 Comments' })).toBeVisible();
    await comments(page).getByRole('textbox', { name: 'Add a comment' }).fill('Author note');
    await comments(page).getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments(page).getByRole('heading', { name: '1 Comment' })).toBeVisible();

    // Edit: unchanged text goes back without a call; a change is saved.
    await post.getByRole('button', { name: 'Options for this post' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/post/edit/${postId}$`));
    await expect(page.getByRole('heading', { name: 'Edit Post', level: 1 })).toBeVisible();
    await expect(content).toHaveValue('Hello from my channel\nSecond line');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/post/p/${postId}$`));
    expect(postWrites).toHaveLength(1);
    await post.getByRole('button', { name: 'Options for this post' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await content.fill('Hello again, edited');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Post edited')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/post/p/${postId}$`));
    await expect(post).toContainText('Hello again, edited');
    await expect(post).toContainText('(edited)');
    expect(postWrites).toHaveLength(2);

    // Another user: no Edit/Delete, but can like and comment.
    const other = await browser.newPage();
    const reader = await registerViaApi(other, uniqueUser('reader'));
    await other.goto(`/channel/${authorId}`);
    await other.getByRole('region', { name: 'Channel' }).getByRole('link', { name: /Posts/ }).click();
    await expect(other).toHaveURL(new RegExp(`/post/u/${authorId}$`));
    await expect(other.getByRole('link', { name: 'New Post' })).toHaveCount(0);
    const theirCard = postCard(other);
    await expect(theirCard.getByTestId('post-likes')).toHaveText('1 like');
    await expect(theirCard.getByTestId('post-comments')).toHaveText('1 comment');
    await theirCard.getByRole('link', { name: /open post/ }).click();
    await expect(other).toHaveURL(new RegExp(`/post/u/${authorId}/p/${postId}$`));
    const theirPost = other.getByRole('article', { name: 'Post', exact: true });
    await expect(theirPost).toContainText('Hello again, edited');
    await expect(theirPost.getByRole('button', { name: 'Options for this post' })).toHaveCount(0);
    await expect(theirPost.getByRole('button', { name: /^Like post/ })).toHaveAttribute('aria-pressed', 'false');
    await theirPost.getByRole('button', { name: /^Like post/ }).click();
    await expect(theirPost.getByTestId('like-count')).toHaveText('2');
    await comments(other).getByRole('textbox', { name: 'Add a comment' }).fill('Reader reply');
    await comments(other).getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments(other).getByRole('heading', { name: '2 Comments' })).toBeVisible();
    const authorComment = comments(other).getByRole('article', { name: `Comment by @${author.username}` });
    await expect(authorComment.getByRole('button', { name: /^Options for comment/ })).toHaveCount(0);
    await expect(
      comments(other)
        .getByRole('article', { name: `Comment by @${reader.username}` })
        .getByRole('button', { name: `Options for comment by @${reader.username}` }),
    ).toBeVisible();

    // The edit screen sends a non-owner back one page, or to their own posts when opened directly.
    await navigateInApp(other, `/post/edit/${postId}`);
    await expect(other).toHaveURL(new RegExp(`/post/u/${authorId}/p/${postId}$`));
    await other.goto(`/post/edit/${postId}`);
    await expect(other).toHaveURL(/\/post$/);
    await expect(other.getByText('You have no posts', { exact: true })).toBeVisible();
    await other.close();

    // The author sees the reader's like and comment, then deletes the post: at once, SPEC §8 has
    // no confirmation for it.
    await page.reload();
    await expect(post.getByTestId('like-count')).toHaveText('2');
    await expect(post.getByTestId('post-comments')).toHaveText('2 comments');
    await post.getByRole('button', { name: 'Options for this post' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Post Deleted')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/post$/);
    await expect(page.getByText('You have no posts', { exact: true })).toBeVisible();

    // Nothing to load any more.
    await page.goto(`/post/edit/${postId}`);
    await expect(page.getByRole('heading', { name: 'No Post Found' })).toBeVisible();
    await page.goto(`/post/p/${postId}`);
    await expect(page.getByRole('heading', { name: 'No Post Found' })).toBeVisible();
  });

  test('a server error on a post goes back one page', async ({ page }) => {
    await registerViaApi(page);
    // A server error, which the real server cannot be made to give (it answers 404 here).
    await page.route('**/api/post/01a201f8-ed5f-7c96-83bf-681d4c536aa7', (route) => route.fulfill(apiError(500, 'Broken')));
    await page.goto('/post');
    await expect(page.getByText('You have no posts', { exact: true })).toBeVisible();
    await navigateInApp(page, '/post/p/01a201f8-ed5f-7c96-83bf-681d4c536aa7');
    await expect(page).toHaveURL(/\/post$/);
    await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  });
});
