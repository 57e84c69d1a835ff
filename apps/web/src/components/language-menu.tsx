import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { LOCALE_NAMES, LOCALES, localeChoice } from '@streamhub/contract';
import { chooseLanguage } from '@/lib/language';

/** The language menu (API.md §21): stores the choice in the `lang` cookie (and the account's) and shows the page in it. */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = localeChoice(i18n.language) ?? 'en';
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(e) => void chooseLanguage(e.target.value)}
        className={`rounded-lg border border-line bg-page px-1 py-1 text-sm ${className}`}
      >
        {/* A pseudo-locale page (tests only) shows its code as a choice of its own. */}
        {LOCALES.includes(current as never) ? null : <option value={current}>{current}</option>}
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </>
  );
}
