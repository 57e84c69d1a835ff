import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UnsubscribeView } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { BadInput } from '../../lib/errors.ts';
import { ok } from '../../lib/respond.ts';
import { createNotificationMailRepo } from './notification-mail.repo.ts';
import { readUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts';

const INVALID = 'This unsubscribe link is invalid';

/**
 * The one-click unsubscribe URL of notification digests (RFC 8058, docs/accounts.md), under
 * `/api/notifications`: its signed token is the only credential. POST turns the mail of the
 * token's types off (a mail provider's one-click POST carries `List-Unsubscribe=One-Click`); GET
 * changes nothing and shows what a POST would do: a page with its button to a browser, JSON to
 * anyone else.
 */
export const notificationMailRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string }> = async (app, { db, secret }) => {
  const repo = createNotificationMailRepo(db);
  const tags = ['notifications'];
  const params = z.object({ token: z.string().max(1000) });
  // RFC 8058's body is a form; only its presence matters, so it is read as text and not parsed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const subjectOf = (token: string): UnsubscribeSubject => {
    const subject = readUnsubscribeToken(secret, token);
    if (!subject) throw new BadInput(INVALID);
    return subject;
  };
  const view = async (subject: UnsubscribeSubject): Promise<UnsubscribeView> => {
    const [user, settings] = await Promise.all([repo.recipient(subject.userId), repo.settings(subject.userId)]);
    if (!user) throw new BadInput(INVALID);
    const on = new Map(settings.map((s) => [s.type, s.enabled]));
    return { email: user.email, types: subject.types.map((type) => ({ type, on: on.get(type) ?? false })) };
  };
  const wantsPage = (accept: string | undefined) => /text\/html/.test(accept ?? '');

  app.get(
    '/unsubscribe/:token',
    // No response schema: a browser gets HTML here (the JSON answer is UnsubscribeView in its envelope).
    { schema: { tags, params } },
    async (request, reply) => {
      const shown = await view(subjectOf(request.params.token));
      if (!wantsPage(request.headers.accept)) return ok(reply, shown);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(confirmPage(shown));
    },
  );

  app.post(
    '/unsubscribe/:token',
    // No response schema: a browser gets HTML here (the JSON answer is UnsubscribeView in its envelope).
    { schema: { tags, params } },
    async (request, reply) => {
      const subject = subjectOf(request.params.token);
      await repo.saveSettings(
        subject.userId,
        subject.types.map((type) => ({ type, enabled: false })),
      );
      const shown = await view(subject);
      if (!wantsPage(request.headers.accept)) return ok(reply, shown, 200, 'Unsubscribed');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(donePage(shown));
    },
  );
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Notification mail</title></head><body style="font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px">${body}</body></html>`;
const typeList = (v: UnsubscribeView) => `<ul>${v.types.map((t) => `<li>${escapeHtml(t.type)}</li>`).join('')}</ul>`;

function confirmPage(v: UnsubscribeView): string {
  return page(
    `<h1>Stop these e-mails?</h1><p>${escapeHtml(v.email)} will no longer get mail about:</p>${typeList(v)}` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

function donePage(v: UnsubscribeView): string {
  return page(
    `<h1>Unsubscribed</h1><p>${escapeHtml(v.email)} no longer gets mail about:</p>${typeList(v)}<p>Turn them on again in your notification settings.</p>`,
  );
}
