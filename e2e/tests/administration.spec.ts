import { expect, test, type Browser, type Page } from '@playwright/test';
import { grantRole } from '../support/admin';
import { fillRegistration, registerViaApi, signInViaUi, uniqueUser, type TestUser } from '../support/users';
import { currentUserId, uploadVideo, waitUntilReady } from '../support/videos';

/** API.md §12 in the browser: suspensions, registrations and approvals, a creator's blocks and blocked words. */

async function signedInPage(browser: Browser, baseURL: string | undefined, prefix: string, role?: 'admin') {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await registerViaApi(page, uniqueUser(prefix));
  if (role) grantRole(user.username, role);
  return { page, user, close: () => context.close() };
}

/** The users page's card of one account, found with the page's search. */
async function findUser(admin: Page, user: TestUser, show = 'Everyone') {
  await admin.goto('/admin/users');
  await admin.getByLabel('Search users').fill(user.username);
  await admin.getByLabel('Show').selectOption({ label: show });
  await admin.getByRole('search', { name: 'Users' }).getByRole('button', { name: 'Search' }).click();
  const card = admin.getByRole('article', { name: user.fullname });
  await expect(card).toBeVisible();
  return card;
}

test.describe('administration', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin suspends an account from the users page: its session ends, sign-in answers with the reason; unsuspended, it signs in again', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedInPage(browser, baseURL, 'suspadmin', 'admin');
    const member = await signedInPage(browser, baseURL, 'suspended');
    await member.page.goto('/home');
    await expect(member.page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const card = await findUser(admin.page, member.user);
    await card.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Suspend @${member.user.username}?` });
    await dialog.getByLabel('Reason').fill('Spamming every comment section');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(card).toContainText('Suspended: Spamming every comment section');

    // The member's session is dead at once: the next page is the sign-in page.
    await member.page.goto('/liked');
    await expect(member.page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await signInViaUi(member.page, member.user.username, member.user.password);
    await expect(member.page.getByRole('alert')).toContainText('Account suspended: Spamming every comment section');

    await card.getByRole('button', { name: 'Unsuspend' }).click();
    await expect(card).not.toContainText('Suspended');
    await signInViaUi(member.page, member.user.username, member.user.password);
    await expect(member.page).toHaveURL(/\/home$/);

    // Both actions are in the audit log with who and why.
    await admin.page.goto('/admin/audit');
    await expect(admin.page.getByRole('row', { name: /Spamming every comment section/ })).toContainText(
      `@${admin.user.username}`,
    );
    await Promise.all([admin.close(), member.close()]);
  });

  test('registrations: with approval a new account waits until an admin approves it; closed refuses new accounts', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedInPage(browser, baseURL, 'regadmin', 'admin');
    const setRegistrations = async (label: 'Open' | 'Approval' | 'Closed') => {
      await admin.page.goto('/admin/settings');
      await admin.page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
      await admin.page.getByRole('button', { name: 'Save settings' }).click();
      await expect(admin.page.getByText('Settings saved')).toBeVisible();
    };
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    try {
      await setRegistrations('Approval');
      const newcomer = uniqueUser('newcomer');
      await fillRegistration(visitor, newcomer);
      await expect(visitor.getByText('An administrator must approve your account before you can sign in.')).toBeVisible();
      await signInViaUi(visitor, newcomer.username, newcomer.password);
      await expect(visitor.getByRole('alert')).toBeVisible();
      await expect(visitor).not.toHaveURL(/\/home$/);

      const card = await findUser(admin.page, newcomer, 'Awaiting approval');
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(admin.page.getByText(`@${newcomer.username} approved`)).toBeVisible();
      await signInViaUi(visitor, newcomer.username, newcomer.password);
      await expect(visitor).toHaveURL(/\/home$/);
      await visitor.context().clearCookies();

      await setRegistrations('Closed');
      await fillRegistration(visitor, uniqueUser('latecomer'));
      await expect(visitor.getByRole('alert')).toContainText('Registrations are closed');
    } finally {
      // Later specs register accounts: open again whatever happened.
      const reset = await admin.page.request.patch('/api/admin/settings', { data: { registrations: 'open' } });
      expect(reset.status(), await reset.text()).toBe(200);
      await Promise.all([admin.close(), visitor.context().close()]);
    }
  });

  test("a creator blocks a commenter from the comment's menu and unblocks them in Comment Settings; a comment with a blocked word waits for approval", async ({
    browser,
    baseURL,
  }) => {
    const creator = await signedInPage(browser, baseURL, 'blockcreator');
    const commenter = await signedInPage(browser, baseURL, 'commenter');
    const creatorId = await currentUserId(creator.page);
    const videoId = await uploadVideo(creator.page, 'Quiet lake', { seconds: 2, width: 320, height: 180, audio: false });
    await waitUntilReady(creator.page, creatorId, [videoId]);
    const comment = (content: string) => commenter.page.request.post(`/api/comment/video/${videoId}`, { data: { content } });
    expect((await comment('First!')).status()).toBe(201);

    await creator.page.goto(`/video/watch/${videoId}`);
    await creator.page.getByRole('button', { name: `More actions for comment by @${commenter.user.username}` }).click();
    await creator.page.getByRole('menuitem', { name: `Block @${commenter.user.username}` }).click();
    await expect(creator.page.getByText(`@${commenter.user.username} blocked`)).toBeVisible();
    expect((await comment('Let me in')).status()).toBe(403);

    await creator.page.goto('/channel/comments');
    const blocked = creator.page.getByRole('list', { name: 'Blocked users' });
    await expect(blocked).toContainText(commenter.user.username);
    await blocked.getByRole('button', { name: `Unblock @${commenter.user.username}` }).click();
    await expect(creator.page.getByText('Nobody is blocked.')).toBeVisible();
    expect((await comment('Thanks for letting me back')).status()).toBe(201);

    // A blocked word holds a comment for the creator's review; Approve publishes it.
    await creator.page.getByLabel('Add a word or phrase').fill('casino');
    await creator.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(creator.page.getByRole('list', { name: 'Blocked words' })).toContainText('casino');
    expect((await comment('Come to my casino tonight')).status()).toBe(201);
    await creator.page.reload();
    const held = creator.page.getByRole('article', { name: `Held comment by @${commenter.user.username}` });
    await expect(held).toContainText('Come to my casino tonight');
    await held.getByRole('button', { name: 'Approve' }).click();
    await expect(creator.page.getByText('No comments are waiting for review.')).toBeVisible();
    const third = await signedInPage(browser, baseURL, 'reader');
    const list = await third.page.request.get(`/api/comment/video/${videoId}`);
    expect(await list.text()).toContain('Come to my casino tonight');
    await Promise.all([creator.close(), commenter.close(), third.close()]);
  });
});
