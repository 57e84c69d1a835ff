import type { Mail } from '../mailer.ts';
import { renderMail, type MailLocale } from './layout.ts';

const texts = {
  en: {
    subject: 'Your e-mail address is being changed',
    body: (name: string, newEmail: string) => [
      `Hello ${name},`,
      `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change is made once a link sent to that address is opened.`,
      'If it was not you, change your password now.',
    ],
    action: 'Change my password',
  },
  fr: {
    subject: 'Votre adresse e-mail va changer',
    body: (name: string, newEmail: string) => [
      `Bonjour ${name},`,
      `Quelqu’un connecté à votre compte a demandé à remplacer son adresse e-mail par ${newEmail}. Le changement a lieu quand un lien envoyé à cette adresse est ouvert.`,
      'Si ce n’était pas vous, changez votre mot de passe maintenant.',
    ],
    action: 'Changer mon mot de passe',
  },
} satisfies Record<MailLocale, unknown>;

/** To the old address when a change of e-mail is asked for: the owner hears of it before it happens. */
export function emailChangeNoticeMail(p: {
  to: string;
  name: string;
  newEmail: string;
  link: string;
  locale?: MailLocale;
}): Mail {
  const t = texts[p.locale ?? 'en'];
  return renderMail(p.to, {
    subject: t.subject,
    paragraphs: t.body(p.name, p.newEmail),
    action: { label: t.action, url: p.link },
  });
}
