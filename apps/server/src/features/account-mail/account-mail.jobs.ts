import { mailLocale, type MailLocale } from '../mail/templates/layout.ts';
import type { Db } from '../../db/database.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendOrRetryLater } from '../mail/send-mail.job.ts';
import { changeEmailMail } from '../mail/templates/change-email.ts';
import { passwordResetMail } from '../mail/templates/password-reset.ts';
import { verifyEmailMail } from '../mail/templates/verify-email.ts';
import { accountLinks } from './account-links.ts';
import { createAccountMailRepo } from './account-mail.repo.ts';
import { hashToken, TOKEN_TTL_MS, tokenFromNonce, type TokenPurpose } from './account-tokens.ts';

interface Deps {
  db: Db;
  mailer: Mailer;
  /** The instance's secret: a link's token is derived from the job's nonce with it. */
  secret: string;
  linkOrigin: string;
  retrySeconds: number;
  /** The language of a mail to a user who chose none (DEFAULT_LOCALE). */
  defaultLocale?: MailLocale;
}

/**
 * The account mails' jobs: each stores its link's token (hashed, expiring from this attempt) and
 * sends. A retry derives the same token, so at most one link per request ever works.
 */
export function createAccountMailHandlers({
  db,
  mailer,
  secret,
  linkOrigin,
  retrySeconds,
  defaultLocale = 'en',
}: Deps): Pick<JobHandlers, 'mail.password-reset' | 'mail.verify-email' | 'mail.change-email'> {
  const repo = createAccountMailRepo(db);
  const links = accountLinks(linkOrigin);

  /** The link's token for this job, stored for `userId` and the address it goes to. */
  async function issue(nonce: string, userId: string, purpose: TokenPurpose, email: string) {
    const token = tokenFromNonce(secret, nonce);
    await repo.saveToken({
      tokenHash: hashToken(token),
      userId,
      purpose,
      email,
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
    });
    return token;
  }

  return {
    // The request answered the same for every address: here an address naming no account ends quietly.
    async 'mail.password-reset'({ email, nonce }) {
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      const token = await issue(nonce, user.id, 'password-reset', user.email);
      await sendOrRetryLater(
        mailer,
        passwordResetMail({
          to: user.email,
          name: user.fullname,
          link: links.resetPassword(token),
          locale: mailLocale(user.locale, defaultLocale),
        }),
        retrySeconds,
      );
    },

    async 'mail.verify-email'({ userId, nonce }) {
      const user = await repo.findUser(userId);
      if (!user || user.email_verified_at) return;
      const token = await issue(nonce, user.id, 'verify-email', user.email);
      await sendOrRetryLater(
        mailer,
        verifyEmailMail({
          to: user.email,
          name: user.fullname,
          link: links.verifyEmail(token),
          locale: mailLocale(user.locale, defaultLocale),
        }),
        retrySeconds,
      );
    },

    async 'mail.change-email'({ userId, newEmail, nonce }) {
      const user = await repo.findUser(userId);
      if (!user) return;
      const token = await issue(nonce, user.id, 'change-email', newEmail);
      await sendOrRetryLater(
        mailer,
        changeEmailMail({
          to: newEmail,
          name: user.fullname,
          link: links.confirmEmail(token),
          locale: mailLocale(user.locale, defaultLocale),
        }),
        retrySeconds,
      );
    },
  };
}
