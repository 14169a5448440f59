import { CURRENCY_CODES, type ReconcileCustomer } from '@pitboss/contract';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useSystemSettingQuery } from '../settings/queries/use-system-setting-query';
import { useSaveCustomerMutation } from './queries/use-save-customer-mutation';

interface CustomerForm {
  BusinessName: string;
  Status: '1' | '2' | '3';
  Currency: string;
  CommissionBasis: 'GGR' | 'Turnover';
  CommissionRate: number;
  MinimumFee: number;
  Contacts: string;
  CustomerIDs: string[];
  Memo: string;
}

/** Adds a customer or edits one (`editing`). */
export function CustomerFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing?: ReconcileCustomer | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('reconcile');
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerForm>();
  const save = useSaveCustomerMutation();
  // A new customer is billed in the company's base currency unless chosen otherwise.
  const baseCurrency = useSystemSettingQuery().data?.BaseCurrency ?? 'USD';

  const submit = async (values: CustomerForm) => {
    await save.mutateAsync({ id: editing?.ID, body: values });
    void message.success(t('customer.saved'));
    onClose();
  };

  return (
    <FormModal<CustomerForm>
      open={open}
      title={editing ? t('customer.editTitle', { name: editing.BusinessName }) : t('customer.addTitle')}
      okText={t('customer.save')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={600}
      initialValues={
        editing ?? {
          Status: '2',
          Currency: baseCurrency,
          CommissionBasis: 'GGR',
          MinimumFee: 0,
          Contacts: '',
          Memo: '',
          CustomerIDs: [],
        }
      }
      testId="customer-form"
    >
      <Form.Item
        name="BusinessName"
        label={t('customer.businessName')}
        rules={[{ required: true, whitespace: true, max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="Status" label={t('customer.status')} rules={[{ required: true }]}>
        <Select options={(['1', '2', '3'] as const).map((s) => ({ value: s, label: t(`cooperation.${s}`) }))} />
      </Form.Item>
      <Form.Item
        name="Currency"
        label={t('customer.currency')}
        extra={t('customer.currencyHelp')}
        rules={[{ required: true }]}
      >
        <Select showSearch options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item name="CommissionBasis" label={t('customer.commissionBasis')} rules={[{ required: true }]}>
        <Select options={(['GGR', 'Turnover'] as const).map((b) => ({ value: b, label: t(`basis.${b}`) }))} />
      </Form.Item>
      <Form.Item name="CommissionRate" label={t('customer.commissionRate')} rules={[{ required: true }]}>
        <InputNumber<number> min={0} max={100} step={0.1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="MinimumFee" label={t('customer.minimumFee')} rules={[{ required: true }]}>
        <InputNumber<number> min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="CustomerIDs"
        label={t('customer.customerIds')}
        extra={t('customer.customerIdsHelp')}
        rules={[{ required: true, type: 'array', min: 1 }]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
      </Form.Item>
      <Form.Item name="Contacts" label={t('customer.contacts')}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      <Form.Item name="Memo" label={t('customer.memo')}>
        <Input maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
