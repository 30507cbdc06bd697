import type { Language } from '@yado/contract/headers';
import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import enCommon from '../locales/en/common.json';
import enShell from '../locales/en/shell.json';
import jaCommon from '../locales/ja/common.json';
import jaShell from '../locales/ja/shell.json';
import enUi from '../locales/en/ui.json';
import jaUi from '../locales/ja/ui.json';
import enCoupon from '../locales/en/coupon.json';
import jaCoupon from '../locales/ja/coupon.json';
import enStaff from '../locales/en/staff.json';
import jaStaff from '../locales/ja/staff.json';
import enCatalogue from '../locales/en/catalogue.json';
import jaCatalogue from '../locales/ja/catalogue.json';
import enBooking from '../locales/en/booking.json';
import jaBooking from '../locales/ja/booking.json';
import enPoints from '../locales/en/points.json';
import jaPoints from '../locales/ja/points.json';
import enPayment from '../locales/en/payment.json';
import jaPayment from '../locales/ja/payment.json';
import { createTranslationLoader } from './translation-loader';

export const DEFAULT_NAMESPACE = 'common';

/**
 * The namespaces every page needs at its first paint, bundled on both sides so
 * hydration never waits for (or disagrees with) a download. Any other
 * namespace is bundled on the server only and fetched by the browser from
 * /locales/{lng}/{ns}.json the first time a component asks for it.
 */
export const BUNDLED_NAMESPACES = [
  DEFAULT_NAMESPACE,
  'shell',
  'ui',
  'coupon',
  'staff',
  'catalogue',
  'booking',
  'points',
  'payment',
] as const;

type Resources = Record<Language, Record<string, ResourceKey>>;

function bundledResources(): Resources {
  const resources: Resources = {
    en: {
      common: enCommon,
      shell: enShell,
      ui: enUi,
      coupon: enCoupon,
      staff: enStaff,
      catalogue: enCatalogue,
      booking: enBooking,
      points: enPoints,
      payment: enPayment,
    },
    ja: {
      common: jaCommon,
      shell: jaShell,
      ui: jaUi,
      coupon: jaCoupon,
      staff: jaStaff,
      catalogue: jaCatalogue,
      booking: jaBooking,
      points: jaPoints,
      payment: jaPayment,
    },
  };
  if (import.meta.env.SSR) {
    // Every namespace file, so server renders never wait; the browser build drops this branch.
    const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });
    for (const [file, resource] of Object.entries(files)) {
      const match = /\/locales\/(en|ja)\/([a-z0-9-]+)\.json$/.exec(file);
      if (match) resources[match[1] as Language][match[2] as string] = resource;
    }
  }
  return resources;
}

/** i18next's view of the translation loader: files it lacks come from the server. */
function fetchingBackend(): BackendModule {
  const loader = createTranslationLoader({ fetch: (url) => fetch(url, { credentials: 'same-origin' }) });
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      loader.load(language, namespace).then(
        (resource) => callback(null, resource as ResourceKey),
        // `false` tells i18next not to retry on its own: the loader already did.
        (error: Error) => callback(error, false),
      );
    },
  };
}

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
    const inBrowser = typeof window !== 'undefined';
    if (inBrowser) instance.use(fetchingBackend());
    void instance.init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'ja'],
      ns: [...BUNDLED_NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      resources: bundledResources(),
      // Bundled namespaces count as loaded; only the others go to the backend.
      partialBundledLanguages: true,
      maxRetries: 0,
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
