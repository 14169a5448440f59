import { GAME_RTP_MESSAGE_CODES, type GameRtpAlertRecord } from '@pitboss/contract';
import { useTranslation } from 'react-i18next';
import { ProcessAlertsDialog } from '../../../components/ProcessAlertsDialog';
import { isApiError } from '../../../lib/api';
import { useProcessGameRtpAlertsMutation } from '../queries/use-process-game-rtp-alerts-mutation';

export interface ProcessGameAlertsModalProps {
  /** The alerts to process; undefined when closed. */
  alerts: Pick<GameRtpAlertRecord, 'AlertID'>[] | undefined;
  onClose: () => void;
  /** Called with the ids the server processed. */
  onDone?: (processed: number[]) => void;
}

/** Marks one or many pending game alerts processed with a memo (the shared `ProcessAlertsDialog`). */
export function ProcessGameAlertsModal({ alerts, onClose, onDone }: ProcessGameAlertsModalProps) {
  const { t } = useTranslation('game-rtp');
  const process = useProcessGameRtpAlertsMutation();
  const count = alerts?.length ?? 0;
  const errorText = (e: unknown) => {
    if (isApiError(e) && e.messageCode === GAME_RTP_MESSAGE_CODES.alreadyProcessed) return t('alerts.alreadyProcessed');
    if (isApiError(e) && e.messageCode === GAME_RTP_MESSAGE_CODES.notFound) return t('alerts.notFound');
    return e instanceof Error ? e.message : String(e);
  };
  return (
    <ProcessAlertsDialog
      alertIds={alerts?.map((a) => a.AlertID)}
      process={(body) => process.mutateAsync(body)}
      pending={process.isPending}
      texts={{
        title: t('alerts.processTitle', { count }),
        explain: t('alerts.processExplain', { count }),
        ok: t('alerts.process'),
        cancel: t('actions.cancel'),
        memo: t('alerts.memo'),
        memoPlaceholder: t('alerts.memoPlaceholder'),
        done: (processed) => t('alerts.processDone', { count: processed }),
      }}
      errorText={errorText}
      onClose={onClose}
      {...(onDone ? { onDone } : {})}
      testId="game-process-modal"
      errorTestId="game-process-error"
    />
  );
}
