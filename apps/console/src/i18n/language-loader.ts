import type { i18n as I18n } from 'i18next';
import { type Bundle, BundleError } from './bundles';

export interface LanguageSwitcherDeps {
  i18n: I18n;
  selectable: readonly string[];
  coreNamespaces: readonly string[];
  load: (language: string, namespace: string) => Promise<Bundle>;
  /** Sets the root element's `lang`. */
  setDocumentLanguage: (language: string) => void;
  logger: Pick<Console, 'warn' | 'error'>;
}

/**
 * The language switch of spec §4 and §8:
 * - a language outside the selectable list is refused (warning) and nothing changes;
 * - a language whose bundles are loaded is applied at once;
 * - otherwise its bundles (the core namespaces and every feature namespace in use) are loaded first;
 *   a missing or failing core bundle keeps the current language (warning); a missing feature bundle
 *   falls back to the fallback language's text;
 * - unexpected errors are logged and re-thrown.
 * Resolves to whether the language changed.
 */
export function createLanguageSwitcher(deps: LanguageSwitcherDeps): (language: string) => Promise<boolean> {
  const { i18n, logger } = deps;
  return async (language) => {
    if (!deps.selectable.includes(language)) {
      logger.warn(`[i18n] Unsupported language "${language}"; keeping "${i18n.language}"`);
      return false;
    }
    try {
      const inUse = Array.isArray(i18n.options.ns) ? i18n.options.ns : [];
      const namespaces = [...new Set([...deps.coreNamespaces, ...inUse])];
      const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(language, ns));
      const results = await Promise.allSettled(missing.map((ns) => deps.load(language, ns)));
      const loaded: [string, Bundle][] = [];
      for (const [index, result] of results.entries()) {
        const namespace = missing[index] as string;
        if (result.status === 'fulfilled') {
          loaded.push([namespace, result.value]);
          continue;
        }
        if (!(result.reason instanceof BundleError)) throw result.reason;
        if (deps.coreNamespaces.includes(namespace)) {
          logger.warn(`[i18n] ${result.reason.message}; keeping "${i18n.language}"`, result.reason.cause ?? '');
          return false;
        }
        logger.warn(`[i18n] ${result.reason.message}; using the fallback language's text`);
      }
      for (const [namespace, bundle] of loaded) i18n.addResourceBundle(language, namespace, bundle, true, true);
      await i18n.changeLanguage(language);
      deps.setDocumentLanguage(language);
      return true;
    } catch (error) {
      logger.error(`[i18n] Unexpected error while switching to "${language}"`, error);
      throw error;
    }
  };
}
