import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CURRENCY_CODES, type CurrencyRate, MAX_RATE } from '@pitboss/contract';
import { App, Button, DatePicker, Flex, Form, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { companyNow } from '../../lib/time-zone';
import { useSaveRatesMutation } from './queries/use-save-rates-mutation';

interface RateRow {
  Currency?: string;
  Rate?: number;
}
interface RatesForm {
  Date: Dayjs;
  rates: RateRow[];
}

/** Server fields of `currency_UDT[i]` on this form: the shared date, or row i. */
export function rateFieldOf(field: string): string {
  if (/^currency_UDT\[\d+\]\.Date$/.test(field)) return 'Date';
  return field.replace(/^currency_UDT\[(\d+)\]$/, 'rates[$1].Currency').replace(/^currency_UDT/, 'rates');
}

const OUTSIDE_CALENDAR = (day: Dayjs) => day.year() < 2000 || day.year() > 2099;

/**
 * Adds the rates of several currencies from one date (how rates arrive: a daily sheet), or changes
 * one rate (`editing`). A rate for a currency and date that already has one replaces it.
 */
export function RateFormModal({
  open,
  editing,
  base,
  onClose,
}: {
  open: boolean;
  editing?: CurrencyRate | undefined;
  base: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('currency');
  const { message } = App.useApp();
  const [form] = Form.useForm<RatesForm>();
  const save = useSaveRatesMutation();
  const rows = Form.useWatch('rates', form) ?? [];

  const submit = async (values: RatesForm) => {
    const date = values.Date.format('YYYY-MM-DD');
    const rates = values.rates.map((r) => ({ Currency: r.Currency as string, Rate: r.Rate as number, Date: date }));
    await save.mutateAsync(rates);
    void message.success(t('form.saved', { count: rates.length }));
    onClose();
  };

  const currencyRules = [
    { required: true, message: t('form.rules.currency') },
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (typeof value !== 'string' || value === '') return;
        if (!CURRENCY_CODES.includes(value)) throw new Error(t('form.rules.currency'));
        if (value === base) throw new Error(t('form.rules.base', { base }));
        if (rows.filter((r) => r?.Currency === value).length > 1) throw new Error(t('form.rules.duplicate'));
      },
    },
  ];
  const rateRules = [
    { required: true, message: t('form.rules.rate') },
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (value === undefined || value === null) return;
        if (typeof value !== 'number' || !(value > 0) || value > MAX_RATE) throw new Error(t('form.rules.rate'));
      },
    },
  ];
  const currencies = CURRENCY_CODES.filter((c) => c !== base).map((c) => ({ value: c, label: c }));

  return (
    <FormModal<RatesForm>
      open={open}
      title={editing ? t('form.editTitle', { currency: editing.Currency, date: editing.Date }) : t('form.addTitle')}
      okText={t('form.save')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      fieldOf={rateFieldOf}
      width={560}
      initialValues={
        editing
          ? { Date: dayjs(editing.Date), rates: [{ Currency: editing.Currency, Rate: editing.Rate }] }
          : { Date: companyNow().startOf('day'), rates: [{}] }
      }
      testId="rate-form"
    >
      <Form.Item name="Date" label={t('form.date')} rules={[{ required: true }]}>
        <DatePicker format="YYYY-MM-DD" disabled={!!editing} disabledDate={OUTSIDE_CALENDAR} allowClear={false} />
      </Form.Item>
      <Form.List name="rates">
        {(fields, { add, remove }) => (
          <Flex vertical>
            {fields.map((field) => {
              const currency = rows[field.name]?.Currency;
              return (
                <Flex key={field.key} gap="small" align="flex-start" data-testid="rate-row">
                  <Form.Item name={[field.name, 'Currency']} rules={currencyRules} style={{ width: 140 }}>
                    <Select
                      showSearch
                      disabled={!!editing}
                      placeholder={t('form.currency')}
                      aria-label={t('form.currency')}
                      options={currencies}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'Rate']}
                    rules={rateRules}
                    style={{ flex: 1 }}
                    extra={t('form.perUnit', { currency: currency ?? '…', base })}
                  >
                    <InputNumber<number>
                      style={{ width: '100%' }}
                      min={0}
                      step={0.0001}
                      placeholder={t('form.rate')}
                      aria-label={t('form.rate')}
                    />
                  </Form.Item>
                  {!editing && fields.length > 1 && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('form.remove')}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Flex>
              );
            })}
            {!editing && (
              <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
                {t('form.addRow')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('form.replaces')}
      </Typography.Paragraph>
    </FormModal>
  );
}
