import { loadBundle } from './bundles';
import i18n from './i18n';
import { createLanguageSwitcher } from './language-loader';
import { CORE_NAMESPACES, SELECTABLE_LANGUAGES } from './languages';

export { default as i18n } from './i18n';
export * from './languages';

/** Switches the interface language (see {@link createLanguageSwitcher}); resolves to whether it changed. */
export const switchLanguage = createLanguageSwitcher({
  i18n,
  selectable: SELECTABLE_LANGUAGES,
  coreNamespaces: CORE_NAMESPACES,
  load: loadBundle,
  setDocumentLanguage: (language) => document.documentElement.setAttribute('lang', language),
  logger: console,
});
