import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';

/**
 * Shows the last-admin refusal as a dialog the admin has to read (a toast is easily missed): the
 * company always keeps one active administrator. True when the error was that refusal.
 */
export function useLastAdminRefusal(): (error: unknown) => boolean {
  const { t } = useTranslation('users');
  const { modal } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.messageCode !== 'LAST_ADMIN') return false;
      modal.error({ title: t('lastAdmin.title'), content: error.message });
      return true;
    },
    [modal, t],
  );
}
