import type { Mail } from '../mailer.ts';

/**
 * The languages mails are written in (API.md §21): the recipient's stored choice (`users.locale`),
 * else the instance's DEFAULT_LOCALE (`mailLocale`). Each mail's module holds its texts in each.
 */
export type MailLocale = 'en' | 'fr';

/** The language of a mail to a user who chose `stored` (null: none), on an instance speaking `fallback` by default. */
export function mailLocale(stored: string | null | undefined, fallback: MailLocale = 'en'): MailLocale {
  return stored === 'en' || stored === 'fr' ? stored : fallback;
}

/** What every mail is made of: paragraphs, an optional button with its link, a closing line. */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines after the button: a list (a digest's items), each with an optional link. */
  items?: { text: string; url?: string }[];
  footer?: string;
  headers?: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One mail in text and HTML from the same content: the texts come from each mail's module, the look from here. */
export function renderMail(to: string, c: MailContent): Mail {
  const text = [
    ...c.paragraphs,
    ...(c.items ?? []).map((i) => `- ${i.text}${i.url ? `\n  ${i.url}` : ''}`),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`] : []),
    ...(c.footer ? [`--\n${c.footer}`] : []),
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">',
    ...c.paragraphs.map(p),
    c.items?.length
      ? `<ul style="padding-left:20px">${c.items
          .map(
            (i) =>
              `<li style="margin:0 0 8px">${i.url ? `<a href="${escapeHtml(i.url)}">${escapeHtml(i.text)}</a>` : escapeHtml(i.text)}</li>`,
          )
          .join('')}</ul>`
      : '',
    c.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#7c3aed;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(c.action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(c.action.url)}</p>`
      : '',
    c.footer
      ? `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#555">${escapeHtml(c.footer)}</p>`
      : '',
    '</body></html>',
  ].join('');
  return { to, subject: c.subject, text, html, headers: c.headers, link: c.action?.url };
}

/** The words of a mail that greets its recipient and carries one link (verify, reset, change of address), per language. */
export interface LinkMailTexts {
  subject: string;
  body: (name: string) => string[];
  action: string;
  footer: string;
}

/** A mail made of one greeting, one link button and a footer, in the recipient's language. */
export function linkMail(texts: Record<MailLocale, LinkMailTexts>) {
  return (p: { to: string; name: string; link: string; locale?: MailLocale }): Mail => {
    const t = texts[p.locale ?? 'en'];
    return renderMail(p.to, {
      subject: t.subject,
      paragraphs: t.body(p.name),
      action: { label: t.action, url: p.link },
      footer: t.footer,
    });
  };
}
