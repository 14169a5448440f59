import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { companyNow } from '../../lib/time-zone';
import { CustomersSelect } from './CustomersSelect';
import { MONTH_FORMAT } from './money';
import { useOpenWorkflowMutation } from './queries/use-open-workflow-mutation';

interface OpenForm {
  CustomerID: number;
  Month: Dayjs;
}

/** Opens a customer's month: the server computes it from the bets carrying the customer's ids. */
export function OpenWorkflowModal({
  open,
  onClose,
  onOpened,
}: {
  open: boolean;
  onClose: () => void;
  onOpened: (id: number) => void;
}) {
  const { t } = useTranslation('reconcile');
  const [form] = Form.useForm<OpenForm>();
  const openMonth = useOpenWorkflowMutation();

  const submit = async (values: OpenForm) => {
    const id = await openMonth.mutateAsync({ CustomerID: values.CustomerID, Month: values.Month.format(MONTH_FORMAT) });
    onOpened(id);
  };

  return (
    <FormModal<OpenForm>
      open={open}
      title={t('workflow.openTitle')}
      okText={t('workflow.openOk')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ Month: companyNow().subtract(1, 'month') }}
      testId="open-workflow-form"
    >
      <Form.Item name="CustomerID" label={t('workflow.customer')} rules={[{ required: true }]}>
        <CustomersSelect data-testid="open-workflow-customer" />
      </Form.Item>
      <Form.Item name="Month" label={t('workflow.month')} rules={[{ required: true }]}>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          allowClear={false}
          disabledDate={(d) => d.isAfter(companyNow(), 'month')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormModal>
  );
}
