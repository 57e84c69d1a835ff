import type { Catalogue } from '../catalogue';

/** English texts of one part of the interface (keys grouped by screen; docs/languages.md). */
export const enMoney = {
  'money.membersOnlyLive': 'Members only',
  'money.membersOnlyEdit': 'Members only',
  'money.membersOnlyEditHint': "Only your channel's active members may watch it.",
} satisfies Catalogue;
