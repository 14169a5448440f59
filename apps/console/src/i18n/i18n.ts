import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadBundle } from './bundles';
import { BUNDLED_LANGUAGES, CORE_NAMESPACES, FALLBACK_LANGUAGE } from './languages';

/** Feeds i18next from the lazy bundles, so `useTranslation('<feature>')` loads that feature's texts. */
const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadBundle(language, namespace).then(
      (bundle) => callback(null, bundle),
      (error: Error) => {
        console.warn(`[i18n] ${error.message}`);
        callback(null, {});
      },
    );
  },
};

const i18n = i18next.createInstance();
void i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...BUNDLED_LANGUAGES],
    load: 'currentOnly',
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

export default i18n;
