import { Alert, App, Flex } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteOptions {
  /** What is deleted, already translated: "3 members", "API Acme". */
  what: string;
  /** More to know before deleting (already translated), shown above "This cannot be undone". */
  details?: ReactNode;
  /** Runs on confirmation; the dialog stays open (loading) until it settles. On failure it stays
   *  open with the (translated) error, so the user may try again or cancel. */
  onConfirm: () => Promise<unknown>;
  /** The success message; the default says "Deleted". */
  doneMessage?: (result: unknown) => string;
  /** For an action worded otherwise (revoke, withdraw): the dialog's title and button, already translated. */
  title?: string;
  okText?: string;
}

/**
 * The one confirm-before-delete pattern: a danger dialog naming what goes, which cannot be undone;
 * success is announced, a failure shown in the dialog and as a message.
 */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return useCallback(
    ({ what, details, onConfirm, doneMessage, title, okText }) => {
      const body = (error?: string) => (
        <Flex vertical gap={8}>
          {details}
          <span>{t('confirmDelete.content')}</span>
          {error && <Alert type="error" showIcon title={error} data-testid="delete-error" />}
        </Flex>
      );
      const dialog = modal.confirm({
        title: title ?? t('confirmDelete.title', { what }),
        content: body(),
        okText: okText ?? t('actions.delete'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
        cancelText: t('actions.cancel'),
        onOk: async () => {
          try {
            const result = await onConfirm();
            void message.success(doneMessage?.(result) ?? t('confirmDelete.done'));
          } catch (error) {
            const text = (error as Error).message;
            dialog.update({ content: body(text) });
            void message.error(text);
            throw error;
          }
        },
      });
      // Awaiting the dialog makes it "silent": a failed onOk keeps it open without an unhandled rejection.
      void dialog.then(
        () => undefined,
        () => undefined,
      );
    },
    [modal, message, t],
  );
}
