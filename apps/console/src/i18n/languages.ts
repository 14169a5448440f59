import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@pitboss/contract';

/** Spec §9: en, zh (Traditional Chinese, default and fallback) and zh-CN can be chosen. */
export const SELECTABLE_LANGUAGES: readonly Language[] = SUPPORTED_LANGUAGES;
/** Japanese and Thai bundles ship but cannot be chosen yet. */
export const BUNDLED_LANGUAGES = [...SUPPORTED_LANGUAGES, 'ja', 'th'] as const;
export const FALLBACK_LANGUAGE: Language = DEFAULT_LANGUAGE;

/** Each language's name in itself, for the selectors. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '繁體中文', 'zh-CN': '简体中文', en: 'English' };

/** Namespaces every screen needs, loaded with the language; feature namespaces load when a screen asks. */
export const CORE_NAMESPACES = ['common', 'errors', 'validation', 'routes'] as const;

export function isSelectableLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SELECTABLE_LANGUAGES as readonly string[]).includes(value);
}
