import { useContext } from 'react';
import type { i18n, TFunction } from 'i18next';
import { getI18n, I18nContext } from 'react-i18next';

type Translator = { t: TFunction; i18n: i18n };

const translators = new WeakMap<i18n, Translator>();

/**
 * The page's translator: `t` in the page's language, and the i18next instance that speaks it.
 * A page's language never changes while it is open (choosing another reloads it, lib/language.ts),
 * so one translator per instance serves every component. react-i18next's own hook copies the
 * instance for each component as it mounts (every component of a server render, every one of a
 * hydration) and subscribes each to language events: about 1.5 ms of a watch page's server render.
 */
export function useTranslation(): Translator {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  let translator = translators.get(instance);
  if (!translator) {
    translator = { t: instance.getFixedT(null, null), i18n: instance };
    translators.set(instance, translator);
  }
  return translator;
}
