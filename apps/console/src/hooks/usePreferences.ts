import type { Language } from '@pitboss/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserPreferenceMutation } from '../features/auth/queries/use-update-user-preference-mutation';
import { switchLanguage } from '../i18n';
import { readToken } from '../lib/session-cookies';
import { useGlobalStore } from '../store/global-store';

/**
 * Changing the language or the theme: applied at once, kept on this device, and saved to the user's
 * preferences with `auth/update-user-preference` when logged in.
 */
export function usePreferences() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useUpdateUserPreferenceMutation();
  const setDark = useGlobalStore((s) => s.setDark);
  const setLanguage = useGlobalStore((s) => s.setLanguage);

  const persist = useCallback(
    (change: { darkMode?: 0 | 1; language?: Language }) => {
      if (!readToken()) return;
      save.mutate(change, {
        onError: (error) => void message.error(t('header.preferenceFailed', { message: error.message })),
      });
    },
    [save, message, t],
  );

  const changeLanguage = useCallback(
    async (language: Language) => {
      if (!(await switchLanguage(language))) return false;
      setLanguage(language);
      persist({ language });
      return true;
    },
    [persist, setLanguage],
  );

  const changeDark = useCallback(
    (dark: boolean) => {
      setDark(dark);
      persist({ darkMode: dark ? 1 : 0 });
    },
    [persist, setDark],
  );

  return { changeLanguage, changeDark };
}
