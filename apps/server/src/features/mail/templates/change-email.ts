import type { Mail } from '../mailer.ts';
import { renderMail, type MailLocale } from './layout.ts';

const texts = {
  en: {
    subject: 'Confirm your new e-mail address',
    body: (name: string) => [
      `Hello ${name},`,
      'Open the link below to make this the e-mail address of your account. It works once and expires in 24 hours.',
    ],
    action: 'Confirm my new address',
    footer: 'If you did not ask for this, ignore this mail: nothing changes.',
  },
} satisfies Record<MailLocale, unknown>;

/** To the new address of PATCH /api/users/update_email: its link makes the change. */
export function changeEmailMail(p: { to: string; name: string; link: string; locale?: MailLocale }): Mail {
  const t = texts[p.locale ?? 'en'];
  return renderMail(p.to, {
    subject: t.subject,
    paragraphs: t.body(p.name),
    action: { label: t.action, url: p.link },
    footer: t.footer,
  });
}
