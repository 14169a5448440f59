import { type Company, CURRENCY_CODES, OPERATOR_TYPES } from '@pitboss/contract';
import { Alert, App, Form, Input, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useSaveCompanyMutation } from './queries/use-save-company-mutation';

interface CompanyForm {
  Name: string;
  OperatorType: 1 | 2 | 3;
  BaseCurrency: string;
  TimeZone: string;
  Active: boolean;
  Mail?: string;
}

/** The browser's IANA zones (plus UTC and the saved one). */
function timeZones(current: string): string[] {
  const zones = new Set<string>(['UTC', current]);
  for (const zone of Intl.supportedValuesOf?.('timeZone') ?? []) zones.add(zone);
  return [...zones].filter(Boolean).sort();
}

/** Creates a company (with its first administrator's mail) or edits one (`editing`). */
export function CompanyFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing?: Company | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('companies');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<CompanyForm>();
  const save = useSaveCompanyMutation();
  const zones = useMemo(() => timeZones(editing?.TimeZone ?? 'Asia/Taipei'), [editing?.TimeZone]);

  const submit = async (values: CompanyForm) => {
    if (editing) {
      const body = {
        Name: values.Name !== editing.Name ? values.Name : undefined,
        OperatorType: values.OperatorType !== editing.OperatorType ? values.OperatorType : undefined,
        BaseCurrency: values.BaseCurrency !== editing.BaseCurrency ? values.BaseCurrency : undefined,
        TimeZone: values.TimeZone !== editing.TimeZone ? values.TimeZone : undefined,
        Active: values.Active !== editing.Active ? values.Active : undefined,
      };
      if (Object.values(body).every((v) => v === undefined)) {
        onClose();
        return;
      }
      await save.mutateAsync({ cid: editing.CID, body });
      void message.success(t('form.saved'));
    } else {
      const answer = await save.mutateAsync({ body: { ...values, Mail: values.Mail ?? '' } });
      const link = 'InvitationLink' in answer ? (answer.InvitationLink as string | undefined) : undefined;
      if (link) {
        // No mail server: the special administrator passes the link on; nothing pretends it was sent.
        modal.info({
          title: t('form.unsentTitle'),
          width: 640,
          content: (
            <div data-testid="company-unsent-link">
              <Alert type="warning" showIcon title={t('form.notMailed')} style={{ marginBottom: 12 }} />
              <Typography.Paragraph copyable={{ text: link }} code style={{ wordBreak: 'break-all' }}>
                {link}
              </Typography.Paragraph>
            </div>
          ),
        });
      } else {
        void message.success(t('form.created', { mail: values.Mail }));
      }
    }
    onClose();
  };

  const types = ([1, 2, 3] as const).map((type) => ({ value: type, label: t(`types.${OPERATOR_TYPES[type]}`) }));

  return (
    <FormModal<CompanyForm>
      open={open}
      title={editing ? t('form.editTitle', { name: editing.Name }) : t('form.addTitle')}
      okText={t('form.save')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={560}
      initialValues={
        editing
          ? {
              Name: editing.Name,
              OperatorType: editing.OperatorType,
              BaseCurrency: editing.BaseCurrency,
              TimeZone: editing.TimeZone,
              Active: editing.Active,
            }
          : { OperatorType: 1, BaseCurrency: 'USD', TimeZone: 'Asia/Taipei', Active: true }
      }
      testId="company-form"
    >
      <Form.Item name="Name" label={t('columns.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="OperatorType" label={t('columns.operatorType')} rules={[{ required: true }]}>
        <Select options={types} />
      </Form.Item>
      <Form.Item
        name="BaseCurrency"
        label={t('columns.baseCurrency')}
        extra={editing ? t('form.baseCurrencyHelp') : undefined}
        rules={[{ required: true }]}
      >
        <Select showSearch options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item name="TimeZone" label={t('columns.timeZone')} rules={[{ required: true }]}>
        <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
      </Form.Item>
      <Form.Item name="Active" label={t('columns.active')} valuePropName="checked" extra={t('form.activeHelp')}>
        <Switch />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="Mail"
          label={t('form.mail')}
          extra={t('form.mailHelp')}
          rules={[{ required: true, type: 'email', message: t('form.mailRule') }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
      )}
    </FormModal>
  );
}
