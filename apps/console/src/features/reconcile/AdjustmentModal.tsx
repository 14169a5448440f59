import { currencyDecimals } from '@pitboss/contract';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { type AdjustmentInput, useAddAdjustmentMutation } from './queries/use-add-adjustment-mutation';

/** Adds (0) or subtracts (1) a positive amount with a reason, for the report month (0) or another (1). */
export function AdjustmentModal({
  workflowId,
  currency,
  onClose,
}: {
  workflowId: number | undefined;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('reconcile');
  const [form] = Form.useForm<AdjustmentInput>();
  const add = useAddAdjustmentMutation();
  const decimals = currencyDecimals(currency);

  const submit = async (body: AdjustmentInput) => {
    if (workflowId === undefined) return;
    await add.mutateAsync({ id: workflowId, body });
    onClose();
  };

  return (
    <FormModal<AdjustmentInput>
      open={workflowId !== undefined}
      title={t('adjustment.title')}
      okText={t('adjustment.add')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ Adjust: 0, ReportMonth: 0, Memo: '' }}
      testId="adjustment-form"
    >
      <Form.Item name="Adjust" label={t('adjustment.adjust')} rules={[{ required: true }]}>
        <Radio.Group
          options={([0, 1] as const).map((a) => ({ value: a, label: t(`adjust.${a}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item
        name="Amount"
        label={t('adjustment.amount', { currency })}
        extra={t('adjustment.amountHelp', { decimals })}
        rules={[{ required: true }, { type: 'number', min: 10 ** -decimals, message: t('adjustment.positive') }]}
      >
        <InputNumber<number> min={0} precision={decimals} style={{ width: '100%' }} data-testid="adjustment-amount" />
      </Form.Item>
      <Form.Item name="ReportMonth" label={t('adjustment.reportMonth')} rules={[{ required: true }]}>
        <Radio.Group
          options={([0, 1] as const).map((m) => ({ value: m, label: t(`reportMonth.${m}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item name="Memo" label={t('adjustment.memo')} rules={[{ required: true, whitespace: true, max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} data-testid="adjustment-memo" />
      </Form.Item>
    </FormModal>
  );
}
