import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const LOADERS: Record<string, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-tw'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  ja: () => import('dayjs/locale/ja'),
  th: () => import('dayjs/locale/th'),
};
const NAMES: Record<string, string> = { zh: 'zh-tw', 'zh-CN': 'zh-cn', ja: 'ja', th: 'th' };

/** dayjs's calendar (month names, first day of the week) in `language`. */
export async function setDayjsLocale(language: string): Promise<void> {
  const loader = LOADERS[language];
  if (!loader) {
    dayjs.locale('en');
    return;
  }
  try {
    await loader();
    dayjs.locale(NAMES[language]);
  } catch (error) {
    console.warn(`[i18n] Calendar texts for "${language}" could not be loaded`, error);
  }
}

/** Keeps dayjs's locale in step with the interface language. */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    void setDayjsLocale(i18n.language);
  }, [i18n.language]);
}
