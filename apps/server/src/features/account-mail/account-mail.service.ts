import type { Db } from '../../db/database.ts';
import type { RateCounters } from '../../db/rate-counters.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { BadInput, Conflict, Forbidden, NotFound, TooManyRequests } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { emailChangeNoticeMail } from '../mail/templates/email-change-notice.ts';
import { mailLocale, type MailLocale } from '../mail/templates/layout.ts';
import { createSessionsRepo } from '../sessions/sessions.repo.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createAccountMailRepo } from './account-mail.repo.ts';
import { hashToken, newNonce } from './account-tokens.ts';
import { accountLinks } from './account-links.ts';

export const INVALID_LINK = 'This link is invalid or has expired';
const DUPLICATE = 'User with email or username already exists';
/** Reset mails one address may be sent in an hour, whoever asks (a mailbox is not flooded through us). */
const RESETS_PER_ADDRESS_PER_HOUR = 5;
const RESENDS_PER_ACCOUNT_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

interface Deps {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
  counters: RateCounters;
  linkOrigin: string;
  /** The language of a mail to a user who chose none (DEFAULT_LOCALE). */
  defaultLocale?: MailLocale;
}

/**
 * Account mail, the requests' side (API.md §19, docs/accounts.md): each call checks, stores what
 * it must and enqueues the mail; the jobs (account-mail.jobs.ts) make the links and send them, so
 * no request waits for, or fails with, a mail server.
 */
export function createAccountMailService({ db, queue, counters, linkOrigin, defaultLocale = 'en' }: Deps) {
  const repo = createAccountMailRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({ q, repo: createAccountMailRepo(q), sessions: createSessionsRepo(q) }));
  const links = accountLinks(linkOrigin);

  return {
    /** Mails a verification link to the account's address (registration, resend). */
    async sendVerification(userId: string) {
      await queue.send('mail.verify-email', { userId, nonce: newNonce() });
    },

    /**
     * A held-back account signed in with its right password (403 "Verify your e-mail address
     * first"): a new link goes out within the resend budget, silently beyond it, so a lost first
     * mail never locks an account out.
     */
    async remindVerification(userId: string) {
      const { current } = await counters.hit(`verify-resend|${userId}`, HOUR_MS);
      if (current <= RESENDS_PER_ACCOUNT_PER_HOUR) await this.sendVerification(userId);
    },

    /** POST /verify-email/resend: signed in, a few an hour; an address already proven needs none. */
    async resendVerification(viewer: Viewer) {
      const user = await repo.findUser(viewer._id);
      if (!user) throw new NotFound('User does not exist');
      if (user.email_verified_at) throw new BadInput('Your e-mail address is already verified');
      const { current, ttl } = await counters.hit(`verify-resend|${viewer._id}`, HOUR_MS);
      if (current > RESENDS_PER_ACCOUNT_PER_HOUR) throw new TooManyRequests(Math.ceil(ttl / 1000));
      await this.sendVerification(viewer._id);
    },

    /** POST /verify-email: the link proves the address it was sent to, while that is still the account's. */
    async verifyEmail(token: string) {
      await inTransaction(async ({ repo }) => {
        const row = await repo.consumeToken(hashToken(token), 'verify-email');
        const user = row && (await repo.findUser(row.user_id));
        if (!row || !user || user.email.toLowerCase() !== row.email.toLowerCase()) throw new BadInput(INVALID_LINK);
        await repo.markVerified(row.user_id);
      });
    },

    /**
     * POST /password/forgot: the same work whatever the address (one counter, one job), so neither
     * the answer nor its time tells whether it names an account; the job decides. Past the
     * address's hourly budget nothing is enqueued, still silently.
     */
    async forgotPassword(email: string) {
      const address = email.trim().toLowerCase();
      const { current } = await counters.hit(`password-forgot|${address}`, HOUR_MS);
      if (current <= RESETS_PER_ADDRESS_PER_HOUR) await queue.send('mail.password-reset', { email: address, nonce: newNonce() });
    },

    /** POST /password/reset: a new password from a mailed link; every session of the account ends. */
    async resetPassword(token: string, newPassword: string) {
      const passwordHash = await hashPassword(newPassword);
      await inTransaction(async ({ repo, sessions }) => {
        const row = await repo.consumeToken(hashToken(token), 'password-reset');
        const user = row && (await repo.findUser(row.user_id));
        // A link sent to an address the account no longer has opens nothing.
        if (!row || !user || user.email.toLowerCase() !== row.email.toLowerCase()) throw new BadInput(INVALID_LINK);
        await repo.setPassword(user.id, passwordHash);
        await repo.revokeTokens(user.id, ['password-reset']);
        await sessions.deleteAllForUserExcept(user.id, null);
      });
    },

    /**
     * PATCH /update_email: with the account's password, a link goes to the new address (the
     * change happens when it is opened) and the old address is told at once.
     */
    async requestEmailChange(viewer: Viewer, email: string, password: string) {
      const user = await repo.findUser(viewer._id);
      if (!user) throw new NotFound('User does not exist');
      if (!(await verifyPassword(user.password_hash, password))) throw new Forbidden('Password incorrect');
      if (email.toLowerCase() === user.email.toLowerCase()) throw new BadInput('This is already your e-mail address');
      if (await repo.emailTaken(email, user.id)) throw new Conflict(DUPLICATE);
      await inTransaction(async ({ q }) => {
        await queue.send('mail.change-email', { userId: user.id, newEmail: email, nonce: newNonce() }, { trx: q });
        const notice = emailChangeNoticeMail({
          to: user.email,
          name: user.fullname,
          newEmail: email,
          link: links.account(),
          locale: mailLocale(user.locale, defaultLocale),
        });
        await queue.send('mail.send', notice, { trx: q });
      });
    },

    /** POST /update_email/confirm: the new address becomes the account's, proven; older links stop working. */
    async confirmEmailChange(token: string) {
      try {
        await inTransaction(async ({ repo }) => {
          const row = await repo.consumeToken(hashToken(token), 'change-email');
          if (!row) throw new BadInput(INVALID_LINK);
          if (await repo.emailTaken(row.email, row.user_id)) throw new Conflict(DUPLICATE);
          await repo.setEmail(row.user_id, row.email);
          await repo.revokeTokens(row.user_id, ['verify-email', 'password-reset', 'change-email']);
        });
      } catch (err) {
        // Taken meanwhile by a registration: the unique index decides.
        if ((err as { code?: string }).code === '23505') throw new Conflict(DUPLICATE);
        throw err;
      }
    },
  };
}
export type AccountMailService = ReturnType<typeof createAccountMailService>;
