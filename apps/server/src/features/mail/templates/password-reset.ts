import type { Mail } from '../mailer.ts';
import { renderMail, type MailLocale } from './layout.ts';

const texts = {
  en: {
    subject: 'Reset your password',
    body: (name: string) => [
      `Hello ${name},`,
      'Someone asked to reset the password of your account. Open the link below to choose a new one. It works once and expires in 1 hour; every device signed in to your account is signed out.',
    ],
    action: 'Choose a new password',
    footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
} satisfies Record<MailLocale, unknown>;

/** The link of POST /api/users/password/forgot, to an address that names an account. */
export function passwordResetMail(p: { to: string; name: string; link: string; locale?: MailLocale }): Mail {
  const t = texts[p.locale ?? 'en'];
  return renderMail(p.to, {
    subject: t.subject,
    paragraphs: t.body(p.name),
    action: { label: t.action, url: p.link },
    footer: t.footer,
  });
}
