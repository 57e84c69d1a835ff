import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

// Notification mail (API.md §19): digests at most every MAIL_DIGEST_MINUTES (here 1.5 s) through
// a real SMTP server, and their one-click unsubscribe URL (RFC 8058), which works without a session.

const inbox = await startSmtpInbox();
const DIGEST_MS = 1500;
const ctx = await createTestContext(
  { MAIL_URL: inbox.url, PUBLIC_URL: 'https://videos.test', MAIL_DIGEST_MINUTES: String(DIGEST_MS / 60_000) },
  { worker: true },
);

const settings = (cookie: string, payload?: object) =>
  ctx.app.inject({ method: payload ? 'PATCH' : 'GET', url: '/api/notifications/settings', payload, headers: { cookie } });

/** A `video.ready` notification for `userId` about a new video of theirs. */
async function notify(userId: string, title: string) {
  const videoId = await createVideo(ctx.db, userId, { title });
  expect(
    await ctx.deps.services.notifications.notify({ recipientId: userId, type: 'video.ready', eventId: randomUUID(), videoId }),
  ).toBe(true);
}

describe('settings', () => {
  it('list every type by mail, off by default, and change only the ones named', async () => {
    const user = await registerUser(ctx);
    const before = (await settings(user.cookie)).json().data;
    expect(Object.values(before.email).every((on) => on === false)).toBe(true);
    expect(Object.values(before.types).every((on) => on === true)).toBe(true);
    const after = (await settings(user.cookie, { email: { 'comment.created': true } })).json().data;
    expect(after.email).toMatchObject({ 'comment.created': true, 'video.ready': false });
    expect(after.types).toEqual(before.types);
    expect((await settings(user.cookie, { email: { 'no.such.type': true } })).statusCode).toBe(400);
  });
});

describe('digests', () => {
  it('group what came, carry List-Unsubscribe, and come at most every MAIL_DIGEST_MINUTES', async () => {
    const user = await registerUser(ctx);
    // From before mail was turned on: never mailed.
    await notify(user.id, 'Old news');
    await settings(user.cookie, { email: { 'video.ready': true } });
    await notify(user.id, 'First clip');
    await notify(user.id, 'Second clip');

    const first = await inbox.waitFor(user.email);
    expect(first.parsed.subject).toBe('2 new notifications');
    expect(first.parsed.text).toContain('“First clip”');
    expect(first.parsed.text).toContain('“Second clip”');
    expect(first.parsed.text).not.toContain('Old news');
    expect(first.parsed.html).toContain('https://videos.test/video/watch/');
    const line = (key: string) => first.parsed.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header = line('list-unsubscribe');
    expect(header).toMatch(/<https:\/\/videos\.test\/api\/notifications\/unsubscribe\/[\w.-]+>/);

    const sentAt = Date.now();
    await notify(user.id, 'Third clip');
    const second = await inbox.waitFor(user.email, { n: 2 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DIGEST_MS - 700);
    expect(second.parsed.subject).toBe('1 new notification');
    expect(second.parsed.text).toContain('“Third clip”');
    expect(second.parsed.text).not.toContain('First clip');
  });

  it("are written in the user's chosen language (API.md §21)", async () => {
    const user = await registerUser(ctx);
    const chose = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update_details',
      payload: { locale: 'fr' },
      headers: { cookie: user.cookie },
    });
    expect(chose.statusCode).toBe(200);
    await settings(user.cookie, { email: { 'video.ready': true } });
    await notify(user.id, 'Premier clip');
    const mail = await inbox.waitFor(user.email);
    expect(mail.parsed.subject).toBe('1 nouvelle notification');
    expect(mail.parsed.text).toContain(`Bonjour ${user.fullname},`);
    expect(mail.parsed.text).toContain('Ouvrir mes notifications');
  });

  it('leave out types not turned on for mail', async () => {
    const user = await registerUser(ctx);
    await settings(user.cookie, { email: { 'comment.created': true } });
    await notify(user.id, 'Not by mail');
    await new Promise((r) => setTimeout(r, DIGEST_MS * 2));
    expect(inbox.to(user.email)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  it('GET shows and changes nothing; POST without a session turns that mail off', async () => {
    const user = await registerUser(ctx);
    await settings(user.cookie, { email: { 'video.ready': true, 'comment.created': true } });
    await notify(user.id, 'Clip');
    const mail = await inbox.waitFor(user.email);
    const url = /<(https:\/\/[^>]+)>/.exec(String(mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line))![1]!;
    const path = new URL(url).pathname;

    const shown = await ctx.app.inject({ method: 'GET', url: path });
    expect(shown.json().data).toEqual({ email: user.email, types: [{ type: 'video.ready', on: true }] });
    const page = await ctx.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html,*/*' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect((await settings(user.cookie)).json().data.email['video.ready']).toBe(true);

    // What a mail provider sends (RFC 8058): no cookie, no Origin, the one-click form body.
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.types).toEqual([{ type: 'video.ready', on: false }]);
    expect((await settings(user.cookie)).json().data.email).toMatchObject({ 'video.ready': false, 'comment.created': true });
    // Twice is the same.
    expect((await ctx.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  });

  it('refuses a token it did not sign, or changed', async () => {
    const user = await registerUser(ctx);
    const forged = unsubscribeToken('another-secret-0123456789', { userId: user.id, types: ['video.ready'] });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${forged}` });
    expect(res.json()).toEqual(errorEnvelope(400, 'This unsubscribe link is invalid'));
    const good = unsubscribeToken(ctx.deps.mediaSecret, { userId: user.id, types: ['video.ready'] });
    expect(readUnsubscribeToken(ctx.deps.mediaSecret, good)).toEqual({ userId: user.id, types: ['video.ready'] });
    const [body, sig] = good.split('.');
    const other = Buffer.from(JSON.stringify({ u: user.id, t: ['video.ready', 'comment.created'] })).toString('base64url');
    expect(readUnsubscribeToken(ctx.deps.mediaSecret, `${other}.${sig}`)).toBeNull();
    expect(readUnsubscribeToken(ctx.deps.mediaSecret, `${body}.${sig}.x`)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe/%00' })).statusCode).toBe(400);
  });
});
