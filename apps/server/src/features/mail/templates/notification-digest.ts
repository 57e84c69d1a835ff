import type { Mail } from '../mailer.ts';
import { renderMail, type MailLocale } from './layout.ts';

const texts = {
  en: {
    subject: (n: number) => (n === 1 ? '1 new notification' : `${n} new notifications`),
    body: (name: string) => [`Hello ${name},`, 'Here is what happened since the last mail:'],
    action: 'Open my notifications',
    footer: (unsubscribe: string) =>
      `You get this mail because you turned on e-mail for these notifications. Stop them: ${unsubscribe} (or change them in your notification settings).`,
  },
  fr: {
    subject: (n: number) =>
      new Intl.PluralRules('fr').select(n) === 'one' ? `${n} nouvelle notification` : `${n} nouvelles notifications`,
    body: (name: string) => [`Bonjour ${name},`, 'Voici ce qui s’est passé depuis le dernier message :'],
    action: 'Ouvrir mes notifications',
    footer: (unsubscribe: string) =>
      `Vous recevez ce message parce que vous avez activé l’e-mail pour ces notifications. Pour les arrêter : ${unsubscribe} (ou modifiez-les dans vos réglages de notifications).`,
  },
} satisfies Record<MailLocale, unknown>;

/**
 * A digest of notifications (docs/accounts.md). `unsubscribeUrl` goes in `List-Unsubscribe`
 * with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): a POST to it turns mail of
 * this digest's types off, with no sign-in.
 */
export function notificationDigestMail(p: {
  to: string;
  name: string;
  items: { text: string; url?: string }[];
  notificationsUrl: string;
  unsubscribeUrl: string;
  locale?: MailLocale;
}): Mail {
  const t = texts[p.locale ?? 'en'];
  return renderMail(p.to, {
    subject: t.subject(p.items.length),
    paragraphs: t.body(p.name),
    items: p.items,
    action: { label: t.action, url: p.notificationsUrl },
    footer: t.footer(p.unsubscribeUrl),
    headers: {
      'List-Unsubscribe': `<${p.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
