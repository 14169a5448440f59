import { CURRENCY_CODES, type SystemSetting } from '@pitboss/contract';
import { App, Button, Card, Flex, Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { showApiError } from '../../lib/form-errors';
import { useUpdateSystemSettingMutation } from './queries/use-update-system-setting-mutation';

interface GeneralForm {
  BaseCurrency: string;
  TimeZone: string;
}

/** The browser's IANA zones (plus UTC and the saved one, which a browser may not list). */
function timeZones(current: string): string[] {
  const zones = new Set<string>(['UTC', current]);
  for (const zone of Intl.supportedValuesOf?.('timeZone') ?? []) zones.add(zone);
  return [...zones].filter(Boolean).sort();
}

/** Base currency and time zone. Changing the base currency once rates exist asks for a confirmation. */
export function GeneralSettingsCard({ setting }: { setting: SystemSetting }) {
  const { t } = useTranslation('settings');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<GeneralForm>();
  const update = useUpdateSystemSettingMutation();
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZones(setting.TimeZone), [setting.TimeZone]);

  const save = async (values: GeneralForm, confirmed = false) => {
    const body = {
      BaseCurrency: values.BaseCurrency !== setting.BaseCurrency ? values.BaseCurrency : undefined,
      TimeZone: values.TimeZone !== setting.TimeZone ? values.TimeZone : undefined,
      ConfirmBaseCurrencyChange: confirmed || undefined,
    };
    if (body.BaseCurrency === undefined && body.TimeZone === undefined) {
      void message.success(t('general.saved'));
      return;
    }
    setBusy(true);
    try {
      await update.mutateAsync(body);
      void message.success(confirmed ? t('general.savedReview', { old: setting.BaseCurrency }) : t('general.saved'));
    } catch (error) {
      if (isApiError(error) && error.messageCode === 'BASE_CURRENCY_HAS_RATES') {
        modal.confirm({
          title: t('general.confirmTitle', { next: values.BaseCurrency }),
          content: t('general.confirmContent', { old: setting.BaseCurrency, next: values.BaseCurrency }),
          okText: t('general.confirmOk'),
          okButtonProps: { danger: true },
          onOk: () => save(values, true),
        });
        return;
      }
      const rest = showApiError(form, error);
      if (rest) void message.error(rest);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('general.title')} data-testid="general-settings">
      <Form<GeneralForm>
        form={form}
        layout="vertical"
        initialValues={{ BaseCurrency: setting.BaseCurrency, TimeZone: setting.TimeZone }}
        onFinish={(values) => void save(values)}
      >
        <Flex wrap gap="large">
          <Form.Item
            name="BaseCurrency"
            style={{ width: 320 }}
            label={t('general.baseCurrency')}
            extra={t('general.baseCurrencyHelp')}
            rules={[{ required: true }]}
          >
            <Select showSearch options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item
            name="TimeZone"
            style={{ width: 320 }}
            label={t('general.timeZone')}
            extra={t('general.timeZoneHelp')}
            rules={[{ required: true }]}
          >
            <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('general.save')}
        </Button>
      </Form>
    </Card>
  );
}
