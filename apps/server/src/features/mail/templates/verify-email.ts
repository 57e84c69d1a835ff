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
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    body: (name: string) => [
      `Bonjour ${name},`,
      'Ouvrez le lien ci-dessous pour confirmer que cette adresse est la vôtre. Il ne sert qu’une fois et expire dans 24 heures.',
    ],
    action: 'Confirmer mon adresse',
    footer: 'Si vous n’avez pas créé de compte, ignorez ce message.',
  },
} satisfies Record<MailLocale, LinkMailTexts>;

/** Sent at registration (verification required) and on request: the link proves the address. */
export const verifyEmailMail = linkMail(texts);
