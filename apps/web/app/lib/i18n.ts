import type { Language } from '@yado/contract/headers';
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createTranslationLoader } from './translation-loader';
import { Translator, type TFunction, type TranslationResource } from './translator';

export type { TFunction } from './translator';

export const DEFAULT_NAMESPACE = 'common';

/** What every page shows: the header, footer, dialogs, toasts and the common words. */
export const BASE_NAMESPACES = [DEFAULT_NAMESPACE, 'shell', 'ui'] as const;

/** A page's translations in its own language, as they travel in the root loader's data. */
export type PageTranslations = { language: Language; resources: Record<string, TranslationResource> };

/**
 * Every namespace of both languages, on the server only: server renders never
 * wait, and the browser build drops this branch, so no translation file is
 * part of any script. The browser gets the namespaces of the page it shows
 * from the root loader (see {@link pageTranslations}), and fetches any other
 * from /locales/{lng}/{ns}.json with the spec's retries.
 */
function serverResources(): Record<Language, Record<string, TranslationResource>> {
  const resources: Record<Language, Record<string, TranslationResource>> = { en: {}, ja: {} };
  if (import.meta.env.SSR) {
    const files = import.meta.glob<TranslationResource>('../locales/*/*.json', { eager: true, import: 'default' });
    for (const [file, resource] of Object.entries(files)) {
      const match = /\/locales\/(en|ja)\/([a-z0-9-]+)\.json$/.exec(file);
      if (match) resources[match[1] as Language][match[2] as string] = resource;
    }
  }
  return resources;
}

const translators = new Map<Language, Translator>();

/**
 * One translator per language, created once. Rendering picks it from the
 * URL's language, so concurrent server renders in English and Japanese never
 * share one.
 */
export function getTranslator(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    const inBrowser = typeof window !== 'undefined';
    const loader = inBrowser
      ? createTranslationLoader({ fetch: (url) => fetch(url, { credentials: 'same-origin' }) })
      : null;
    translator = new Translator(
      language,
      DEFAULT_NAMESPACE,
      loader ? (lng, ns) => loader.load(lng, ns) : null,
      (ns) => {
        if (import.meta.env.DEV)
          console.warn(`translation namespace "${ns}" was not in the page's data (route-policy.ts namespaces)`);
      },
    );
    if (!inBrowser) translator.add(serverResources()[language]);
    translators.set(language, translator);
  }
  return translator;
}

/** The namespaces a page needs, in its language, for the root loader to send along (server side). */
export function pageTranslations(language: Language, namespaces: readonly string[]): PageTranslations {
  const all = serverResources()[language];
  const resources: Record<string, TranslationResource> = {};
  for (const ns of new Set([...BASE_NAMESPACES, ...namespaces])) {
    const resource = all[ns];
    if (resource) resources[ns] = resource;
  }
  return { language, resources };
}

/** A translate function for the page at this path, for code outside React (meta, loaders). */
export function translatorFor(language: Language): TFunction {
  return getTranslator(language).fixed(DEFAULT_NAMESPACE);
}

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/**
 * The translate function of the nearest provider's language, bound to a
 * namespace (default `common`). `ready` is false while a namespace is still
 * being fetched; the component renders again when it arrives.
 */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): {
  t: TFunction;
  ready: boolean;
  language: string;
} {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside a TranslationProvider');
  const version = useSyncExternalStore(
    (listener) => translator.subscribe(listener),
    () => translator.version,
    () => translator.version,
  );
  const ready = translator.has(namespace);
  useEffect(() => {
    if (!ready) void translator.load([namespace]);
  }, [translator, namespace, ready]);
  // A new function when a namespace arrives, so memoised children translate again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => translator.fixed(namespace), [translator, namespace, version]);
  return { t, ready, language: translator.language };
}
