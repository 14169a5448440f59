import { GAME_RTP_MESSAGE_CODES, type GameRtpAlertRecord } from '@pitboss/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useProcessGameRtpAlertsMutation } from '../queries/use-process-game-rtp-alerts-mutation';

const MEMO_MAX = 500;

export interface ProcessGameAlertsModalProps {
  /** The alerts to process; undefined when closed. */
  alerts: Pick<GameRtpAlertRecord, 'AlertID'>[] | undefined;
  onClose: () => void;
  /** Called with the ids the server processed. */
  onDone?: (processed: number[]) => void;
}

/** Marks one or many pending game alerts processed with a memo (who and when are recorded by the server). */
export function ProcessGameAlertsModal({ alerts, onClose, onDone }: ProcessGameAlertsModalProps) {
  const { t } = useTranslation('game-rtp');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Memo: string }>();
  const process = useProcessGameRtpAlertsMutation();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (alerts) {
      form.resetFields();
      setError(undefined);
    }
  }, [alerts, form]);

  const submit = async ({ Memo }: { Memo?: string }) => {
    if (!alerts) return;
    setError(undefined);
    try {
      const answer = await process.mutateAsync({ AlertIDs: alerts.map((a) => a.AlertID), Memo: (Memo ?? '').trim() });
      void message.success(t('alerts.processDone', { count: answer.Processed.length }));
      onDone?.(answer.Processed);
      onClose();
    } catch (e) {
      if (isApiError(e) && e.messageCode === GAME_RTP_MESSAGE_CODES.alreadyProcessed) {
        setError(t('alerts.alreadyProcessed'));
      } else if (isApiError(e) && e.messageCode === GAME_RTP_MESSAGE_CODES.notFound) {
        setError(t('alerts.notFound'));
      } else setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal
      open={alerts !== undefined}
      title={t('alerts.processTitle', { count: alerts?.length ?? 0 })}
      okText={t('alerts.process')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={process.isPending}
      destroyOnHidden
      data-testid="game-process-modal"
    >
      <Typography.Paragraph type="secondary">
        {t('alerts.processExplain', { count: alerts?.length ?? 0 })}
      </Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="game-process-error" />
      )}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="Memo" label={t('alerts.memo')} rules={[{ max: MEMO_MAX }]}>
          <Input.TextArea rows={4} maxLength={MEMO_MAX} showCount placeholder={t('alerts.memoPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
