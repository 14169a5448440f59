import { DEFAULT_LANGUAGE } from '@pitboss/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';
import zhCN from './locales/zh-CN.json';

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: localStorage.getItem('language') ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
});

export default i18n;
