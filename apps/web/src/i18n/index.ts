import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PSEUDO_LOCALE, type Locale } from '@streamhub/contract';
import { en, type Catalogue } from './en';
import { pseudoCatalogue } from './pseudo';

/**
 * The translation layer (docs/languages.md): i18next with one flat catalogue per language in this
 * folder (`en.ts` holds the spec's texts, each other language one file of the same keys). Plurals
 * use i18next's suffixes, chosen by Intl.PluralRules of the language (`_one`, `_many`, `_other`).
 * The server renders a page with an instance of its own in the page's language; the browser loads
 * that language's catalogue before it hydrates, so its first render is the server's.
 */
export type { Catalogue };

/** The catalogue of `locale`: English is in the entry, the others load on demand. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  switch (locale) {
    case 'en':
      return en;
    case 'fr':
      return (await import('./fr')).fr;
    case PSEUDO_LOCALE:
      return pseudoCatalogue(en);
  }
}

/** An i18next instance speaking `locale` with `catalogue` (English fills any gap), ready at once. */
export function createI18n(locale: Locale, catalogue: Catalogue): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: { en: { translation: en }, [locale]: { translation: catalogue } },
    // Keys are flat ('comments.heading'): no nesting, no namespaces in them.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // No advertisement in the server's log or the browser's console.
    showSupportNotice: false,
  });
  return instance;
}

/**
 * English for a component rendered outside any provider (a component test): react-i18next's
 * default instance. Pages always have their own (entry-server.tsx, app/start-app.tsx).
 */
const fallback = createI18n('en', en);
void fallback.use(initReactI18next);
initReactI18next.init(fallback);
