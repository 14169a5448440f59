import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteOptions {
  /** What is deleted, already translated: "3 members", "API Acme". */
  what: string;
  /** Runs on confirmation; the dialog stays open (loading) until it settles, and shows its error. */
  onConfirm: () => Promise<unknown>;
  /** Shows a failure its own way (a refusal that needs explaining); true when handled: the dialog closes. */
  onError?: (error: unknown) => boolean;
}

/**
 * The one confirm-before-delete pattern: a danger dialog naming what goes, which cannot be undone;
 * success is announced, a failure shown with the server's (translated) message.
 */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return useCallback(
    ({ what, onConfirm, onError }) => {
      modal.confirm({
        title: t('confirmDelete.title', { what }),
        content: t('confirmDelete.content'),
        okText: t('actions.delete'),
        okButtonProps: { danger: true },
        cancelText: t('actions.cancel'),
        onOk: async () => {
          try {
            await onConfirm();
          } catch (error) {
            if (onError?.(error)) return;
            void message.error((error as Error).message);
            throw error;
          }
          void message.success(t('confirmDelete.done'));
        },
      });
    },
    [modal, message, t],
  );
}
