import { mailLocale, type MailLocale } from '../mail/templates/layout.ts';
import type { NotificationItem } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendOrRetryLater } from '../mail/send-mail.job.ts';
import { notificationDigestMail } from '../mail/templates/notification-digest.ts';
import { createNotificationMailRepo } from './notification-mail.repo.ts';
import { createNotificationsRepo } from './notifications.repo.ts';
import { toNotificationItem } from './notifications.service.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** Most notifications one digest lists; the rest go in the next. */
const DIGEST_MAX_ITEMS = 50;
/** Most digests one sweep enqueues; the rest wait for the next sweep. */
const SWEEP_BATCH = 1000;

/** The one-click unsubscribe URL of a user's types (GET confirms, POST turns their mail off). */
export const unsubscribeUrl = (origin: string, secret: string, userId: string, types: NotificationItem['type'][]) =>
  `${origin}/api/notifications/unsubscribe/${unsubscribeToken(secret, { userId, types })}`;

/** Where a notification leads in the web app. */
function itemUrl(origin: string, item: NotificationItem): string {
  if (item.video) return `${origin}/video/watch/${item.video._id}`;
  if (item.post) return `${origin}/post/p/${item.post._id}`;
  return `${origin}/notifications`;
}

/**
 * Looks for due digests every min(MAIL_DIGEST_MINUTES, 1 minute) where jobs run, and enqueues
 * one `mail.digest` per user (a `stately` queue keyed by user: processes sweeping together add
 * one). Stops with the queue.
 */
export function startDigestSweep(p: { db: Db; queue: JobQueue; digestMs: number; log: { warn(o: object, m: string): void } }) {
  const repo = createNotificationMailRepo(p.db);
  const sweep = async () => {
    try {
      for (const userId of await repo.due(p.digestMs, SWEEP_BATCH)) {
        await p.queue.send('mail.digest', { userId }, { singletonKey: userId });
      }
    } catch (err) {
      p.log.warn({ err: String(err) }, 'notification digests not swept; tried again at the next sweep');
    }
  };
  const timer = setInterval(() => void sweep(), Math.min(p.digestMs, 60_000));
  timer.unref();
  p.queue.stopped.addEventListener('abort', () => clearInterval(timer));
}

/**
 * `mail.digest`: under the user's digest row (locked, so two runs never mail the same items), the
 * unread notifications of their mail types since the last digest go in one mail with
 * `List-Unsubscribe` for those types; the row moves past them once the server took the mail.
 */
export function createDigestHandler(p: {
  db: Db;
  mailer: Mailer;
  secret: string;
  linkOrigin: string;
  digestMs: number;
  retrySeconds: number;
  /** The language of a digest to a user who chose none (DEFAULT_LOCALE). */
  defaultLocale?: MailLocale;
}): JobHandlers['mail.digest'] {
  return async ({ userId }) => {
    await p.db.transaction().execute(async (trx) => {
      const mail = createNotificationMailRepo(trx);
      const state = await mail.lockIfDue(userId, p.digestMs);
      const recipient = state && (await mail.recipient(userId));
      if (!state || !recipient) return;
      const rows = await createNotificationsRepo(trx).mailable(userId, state.mailed_up_to, DIGEST_MAX_ITEMS);
      if (rows.length === 0) return;
      const items = rows.map(toNotificationItem);
      const types = [...new Set(items.map((i) => i.type))];
      await sendOrRetryLater(
        p.mailer,
        notificationDigestMail({
          to: recipient.email,
          name: recipient.fullname,
          items: items.map((i) => ({ text: i.text, url: itemUrl(p.linkOrigin, i) })),
          notificationsUrl: `${p.linkOrigin}/notifications`,
          unsubscribeUrl: unsubscribeUrl(p.linkOrigin, p.secret, userId, types),
          locale: mailLocale(recipient.locale, p.defaultLocale),
        }),
        p.retrySeconds,
      );
      await mail.markSent(userId, Math.max(...rows.map((r) => Number(r.id))));
    });
  };
}
