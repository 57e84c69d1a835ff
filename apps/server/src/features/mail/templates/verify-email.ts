import type { Mail } from '../mailer.ts';
import { renderMail, type MailLocale } from './layout.ts';

const texts = {
  en: {
    subject: 'Confirm your e-mail address',
    body: (name: string) => [
      `Hello ${name},`,
      'Open the link below to confirm that this address is yours. It works once and expires in 24 hours.',
    ],
    action: 'Confirm my address',
    footer: 'If you did not create an account, ignore this mail.',
  },
} satisfies Record<MailLocale, unknown>;

/** Sent at registration (verification required) and on request: the link proves the address. */
export function verifyEmailMail(p: { to: string; name: string; link: string; locale?: MailLocale }): Mail {
  const t = texts[p.locale ?? 'en'];
  return renderMail(p.to, {
    subject: t.subject,
    paragraphs: t.body(p.name),
    action: { label: t.action, url: p.link },
    footer: t.footer,
  });
}
