import { linkMail, type LinkMailTexts, type MailLocale } from './layout.ts';

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
} satisfies Record<MailLocale, LinkMailTexts>;

/** Sent at registration (verification required) and on request: the link proves the address. */
export const verifyEmailMail = linkMail(texts);
