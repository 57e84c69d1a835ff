import { linkMail, type LinkMailTexts, type MailLocale } from './layout.ts';

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
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    body: (name: string) => [
      `Bonjour ${name},`,
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Ouvrez le lien ci-dessous pour en choisir un nouveau. Il ne sert qu’une fois et expire dans 1 heure ; tous les appareils connectés à votre compte sont déconnectés.',
    ],
    action: 'Choisir un nouveau mot de passe',
    footer: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.',
  },
} satisfies Record<MailLocale, LinkMailTexts>;

/** The link of POST /api/users/password/forgot, to an address that names an account. */
export const passwordResetMail = linkMail(texts);
