import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { loadAntdLocale } from '../i18n/antd-locale';
import { validateMessagesOf } from '../i18n/validate-messages';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { useGlobalStore } from '../store/global-store';
import { VersionUpdate } from '../ws/VersionUpdate';
import type { createRouter } from './router';
import { antdTheme } from './theme';

/** Ant Design's texts and the form messages follow the interface language. */
function useAntdTexts(initialLocale: Locale) {
  // Never suspends: the root sits above every Suspense boundary.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const language = i18n.language;
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(language).then((loaded) => {
      if (current) setLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages change with the language
  const validateMessages = useMemo(() => validateMessagesOf(i18n), [i18n, language]);
  return { locale, validateMessages };
}

/** Paints the page behind the app in the theme's layout colour and tells CSS which scheme is on. */
function DocumentTheme({ dark }: { dark: boolean }) {
  const { token } = theme.useToken();
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [dark, token.colorBgLayout, token.colorText]);
  return null;
}

export interface RootProps {
  router: ReturnType<typeof createRouter>;
  /** Ant Design's texts for the starting language, loaded before the first render. */
  locale: Locale;
}

export function Root({ router, locale: initialLocale }: RootProps) {
  const themeState = useGlobalStore((s) => s.theme);
  const reducedMotion = usePrefersReducedMotion();
  const { locale, validateMessages } = useAntdTexts(initialLocale);
  return (
    <ConfigProvider
      theme={antdTheme(themeState, reducedMotion)}
      locale={locale}
      form={{ validateMessages }}
      renderEmpty={() => <EmptyState />}
    >
      <DocumentTheme dark={themeState.algorithm === 'dark'} />
      <Suspense fallback={<FullPageSpinner />}>
        <RouterProvider router={router} />
        <VersionUpdate />
      </Suspense>
    </ConfigProvider>
  );
}
