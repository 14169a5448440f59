import { type ReconcileStatus, transitionNeedsReason } from '@pitboss/contract';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useSetWorkflowStatusMutation } from './queries/use-set-workflow-status-mutation';

/** A status change of a reconciliation with its memo (a reason is required to reopen a completed one). */
export function StatusModal({
  change,
  onClose,
}: {
  change: { id: number; from: ReconcileStatus; to: ReconcileStatus } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('reconcile');
  const [form] = Form.useForm<{ Memo: string }>();
  const setStatus = useSetWorkflowStatusMutation();
  const needsReason = change ? transitionNeedsReason(change.from, change.to) : false;

  const submit = async ({ Memo }: { Memo: string }) => {
    if (!change) return;
    await setStatus.mutateAsync({ id: change.id, Status: change.to, Memo: Memo ?? '' });
    onClose();
  };

  return (
    <FormModal<{ Memo: string }>
      open={change !== undefined}
      title={change ? t(`transition.${change.to}`) : ''}
      okText={change ? t(`transition.${change.to}`) : undefined}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ Memo: '' }}
      testId="status-form"
    >
      {change && <Typography.Paragraph type="secondary">{t(`transitionHelp.${change.to}`)}</Typography.Paragraph>}
      <Form.Item
        name="Memo"
        label={needsReason ? t('workflow.reason') : t('workflow.memo')}
        rules={[{ required: needsReason, whitespace: true, max: 500 }]}
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="status-memo" />
      </Form.Item>
    </FormModal>
  );
}
