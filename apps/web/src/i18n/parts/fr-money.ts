import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-money.ts, with the same keys. */
export const frMoney = {
  'money.membersOnlyLive': 'Réservé aux membres',
  'money.membersOnlyEdit': 'Réservé aux membres',
  'money.membersOnlyEditHint': 'Seuls les membres actifs de votre chaîne peuvent la regarder.',
} satisfies Catalogue;
