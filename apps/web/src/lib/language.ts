import { LANG_COOKIE, localeChoice } from '@streamhub/contract';
import { apiRequest } from '@/lib/api-client';
import { getCurrentUser } from '@/lib/auth';

/**
 * Stores the visitor's language (API.md §21) in the `lang` cookie for a year and, signed in, in
 * their account (their mail follows it), then loads the page again: the server renders it in that
 * language, as every page after it.
 */
export async function chooseLanguage(value: string) {
  const locale = localeChoice(value);
  if (!locale) return;
  document.cookie = `${LANG_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (getCurrentUser()) await apiRequest('PATCH', '/api/users/update_details', { json: { locale } }).catch(() => undefined);
  location.reload();
}
