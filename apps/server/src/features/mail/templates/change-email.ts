import { linkMail, type LinkMailTexts, type MailLocale } from './layout.ts';

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
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    body: (name: string) => [
      `Bonjour ${name},`,
      'Ouvrez le lien ci-dessous pour faire de cette adresse celle de votre compte. Il ne sert qu’une fois et expire dans 24 heures.',
    ],
    action: 'Confirmer ma nouvelle adresse',
    footer: 'Si vous n’avez rien demandé, ignorez ce message : rien ne change.',
  },
} satisfies Record<MailLocale, LinkMailTexts>;

/** To the new address of PATCH /api/users/update_email: its link makes the change. */
export const changeEmailMail = linkMail(texts);
