import type { Language } from '@yado/contract/headers';
import i18next, { type i18n } from 'i18next';
import en from '../locales/en/common.json';
import ja from '../locales/ja/common.json';

export const DEFAULT_NAMESPACE = 'common';

const instances = new Map<Language, i18n>();

/**
 * One i18next instance per language, created once with the bundled
 * resources. Rendering picks the instance from the URL's language, so
 * concurrent server renders in English and Japanese never switch a shared
 * instance under each other.
 */
export function getI18n(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'ja'],
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      resources: { en: { [DEFAULT_NAMESPACE]: en }, ja: { [DEFAULT_NAMESPACE]: ja } },
      interpolation: { escapeValue: false },
      // Resources are bundled, so initialising synchronously lets the first render translate.
      initAsync: false,
      react: { useSuspense: false },
      returnNull: false,
    });
    instances.set(language, instance);
  }
  return instance;
}

/** A translate function for the page at this path, for code outside React (meta, loaders). */
export function translatorFor(language: Language) {
  return getI18n(language).getFixedT(language, DEFAULT_NAMESPACE);
}
