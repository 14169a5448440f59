import type { Locale } from 'antd/es/locale';

/**
 * Ant Design's own texts (pagination, date pickers, modals…) per language, each a lazy chunk loaded
 * with the language. English is Ant Design's built-in default. dayjs's calendar follows in
 * `dayjs-locale.ts`, loaded by the layout (the login page has no dates).
 */
const LOADERS: Record<string, () => Promise<{ default: Locale }>> & { en: () => Promise<{ default: Locale }> } = {
  en: () => import('antd/es/locale/en_US'),
  zh: () => import('antd/es/locale/zh_TW'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  ja: () => import('antd/es/locale/ja_JP'),
  th: () => import('antd/es/locale/th_TH'),
};

const cache = new Map<string, Locale>();

/** The Ant Design locale of `language` (English when it has none or it cannot be loaded). */
export async function loadAntdLocale(language: string): Promise<Locale> {
  const cached = cache.get(language);
  if (cached) return cached;
  try {
    const locale = (await (LOADERS[language] ?? LOADERS.en)()).default;
    cache.set(language, locale);
    return locale;
  } catch (error) {
    console.warn(`[i18n] Ant Design texts for "${language}" could not be loaded`, error);
    return language === 'en' ? fallback() : loadAntdLocale('en');
  }
}

/** Ant Design's built-in English texts, when even the English chunk cannot be loaded. */
function fallback(): Locale {
  return { locale: 'en' };
}
