import type { Locale } from 'antd/es/locale';

/**
 * Ant Design's own texts (pagination, date pickers, modals…) per language, each a lazy chunk loaded
 * with the language. English is Ant Design's built-in default. dayjs's calendar follows in
 * `dayjs-locale.ts`, loaded by the layout (the login page has no dates).
 */
const LOADERS: Record<string, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_TW'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  ja: () => import('antd/es/locale/ja_JP'),
  th: () => import('antd/es/locale/th_TH'),
};

const cache = new Map<string, Locale | undefined>();

/** The Ant Design locale of `language` (undefined = built-in English). */
export async function loadAntdLocale(language: string): Promise<Locale | undefined> {
  if (cache.has(language)) return cache.get(language);
  const loader = LOADERS[language];
  try {
    const locale = loader ? (await loader()).default : undefined;
    cache.set(language, locale);
    return locale;
  } catch (error) {
    console.warn(`[i18n] Ant Design texts for "${language}" could not be loaded`, error);
    return undefined;
  }
}
