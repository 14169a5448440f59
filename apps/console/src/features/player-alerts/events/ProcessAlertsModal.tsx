import type { AlertRecord } from '@pitboss/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProcessAlertsMutation } from '../queries/use-process-alerts-mutation';
import { alertErrorText } from './error-text';

const MEMO_MAX = 500;

export interface ProcessAlertsModalProps {
  /** The alerts to process; undefined when closed. */
  alerts: AlertRecord[] | undefined;
  onClose: () => void;
  /** Called with the ids the server processed. */
  onDone?: (processed: number[]) => void;
}

/** Marks one or many pending alerts processed with a memo (who and when are recorded by the server). */
export function ProcessAlertsModal({ alerts, onClose, onDone }: ProcessAlertsModalProps) {
  const { t } = useTranslation('player-alerts');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Memo: string }>();
  const process = useProcessAlertsMutation();
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
      void message.success(t('process.done', { count: answer.Processed.length }));
      onDone?.(answer.Processed);
      onClose();
    } catch (e) {
      setError(alertErrorText(e, t));
    }
  };

  return (
    <Modal
      open={alerts !== undefined}
      title={t('process.title', { count: alerts?.length ?? 0 })}
      okText={t('actions.process')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={process.isPending}
      destroyOnHidden
      data-testid="process-modal"
    >
      <Typography.Paragraph type="secondary">
        {t('process.explain', { count: alerts?.length ?? 0 })}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="process-error" />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="Memo" label={t('process.memo')} rules={[{ max: MEMO_MAX }]}>
          <Input.TextArea rows={4} maxLength={MEMO_MAX} showCount placeholder={t('process.memoPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
