import type { AlertRecord } from '@pitboss/contract';
import { useTranslation } from 'react-i18next';
import { ProcessAlertsDialog } from '../../../components/ProcessAlertsDialog';
import { useProcessAlertsMutation } from '../queries/use-process-alerts-mutation';
import { alertErrorText } from './error-text';

export interface ProcessAlertsModalProps {
  /** The alerts to process; undefined when closed. */
  alerts: AlertRecord[] | undefined;
  onClose: () => void;
  /** Called with the ids the server processed. */
  onDone?: (processed: number[]) => void;
}

/** Marks one or many pending player alerts processed with a memo (the shared `ProcessAlertsDialog`). */
export function ProcessAlertsModal({ alerts, onClose, onDone }: ProcessAlertsModalProps) {
  const { t } = useTranslation('player-alerts');
  const process = useProcessAlertsMutation();
  const count = alerts?.length ?? 0;
  return (
    <ProcessAlertsDialog
      alertIds={alerts?.map((a) => a.AlertID)}
      process={(body) => process.mutateAsync(body)}
      pending={process.isPending}
      texts={{
        title: t('process.title', { count }),
        explain: t('process.explain', { count }),
        ok: t('actions.process'),
        cancel: t('actions.cancel'),
        memo: t('process.memo'),
        memoPlaceholder: t('process.memoPlaceholder'),
        done: (processed) => t('process.done', { count: processed }),
      }}
      errorText={(e) => alertErrorText(e, t)}
      onClose={onClose}
      {...(onDone ? { onDone } : {})}
      testId="process-modal"
      errorTestId="process-error"
    />
  );
}
