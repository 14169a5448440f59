import { ALERT_TYPES, type AlertRuleRecord, type AlertType, LOOP_VALUE_MAX, TIME_UNITS } from '@pitboss/contract';
import { AlertRuleBody } from '@pitboss/contract/schemas';
import { Alert, App, Button, Drawer, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { ALERT_TYPE_IDS } from '../player-alerts/labels';
import { issueMessage } from './issue-message';
import { LevelRows } from './LevelRows';
import { useSaveAlertRuleMutation } from './queries/use-save-alert-rule-mutation';
import {
  type FieldPath,
  formFieldOf,
  newRuleValues,
  type RuleFormValues,
  ruleToValues,
  valuesToBody,
} from './rule-form';

export interface RuleDrawerProps {
  /** The rule to edit, `'new'` for a new one, or undefined when closed. */
  rule: AlertRuleRecord | 'new' | undefined;
  /** Viewers see the rule without being able to change it. */
  readOnly: boolean;
  onClose: () => void;
}

/**
 * Creates or edits a rule: name, type (with what it measures), window `LoopValue × TimeUnit` and the
 * level rows. Checked with the contract's schema before sending; the server's field errors land on
 * their field.
 */
export function RuleDrawer({ rule, readOnly, onClose }: RuleDrawerProps) {
  const { t } = useTranslation(['alert-rules', 'alerting']);
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleFormValues>();
  const save = useSaveAlertRuleMutation();
  const [formError, setFormError] = useState<string>();
  const type = Form.useWatch('EventType', form) as AlertType | undefined;
  const unit = Form.useWatch('TimeUnit', form);
  const editing = rule !== undefined && rule !== 'new' ? rule : undefined;

  useEffect(() => {
    if (rule === undefined) return;
    setFormError(undefined);
    form.resetFields();
    form.setFieldsValue(rule === 'new' ? newRuleValues() : ruleToValues(rule));
  }, [rule, form]);

  const showErrors = (errors: { path: FieldPath | undefined; message: string }[]) => {
    const byField = new Map<string, { name: FieldPath; errors: string[] }>();
    const rest: string[] = [];
    for (const { path, message: text } of errors) {
      if (!path || (path.length === 1 && path[0] === 'Levels')) {
        rest.push(text);
        continue;
      }
      const key = path.join('.');
      const entry = byField.get(key) ?? { name: path, errors: [] };
      entry.errors.push(text);
      byField.set(key, entry);
    }
    // The paths come from `formFieldOf`, which only names the form's own fields.
    form.setFields([...byField.values()] as Parameters<typeof form.setFields>[0]);
    setFormError(rest.length ? rest.join(' ') : undefined);
  };

  const submit = async (values: RuleFormValues) => {
    setFormError(undefined);
    const body = valuesToBody(values);
    if (body.Levels.length === 0) return setFormError(t('settings.noLevel'));
    const checked = AlertRuleBody.safeParse(body);
    if (!checked.success) {
      return showErrors(
        checked.error.issues.map((issue) => ({ path: formFieldOf(issue.path, body), message: issueMessage(issue, t) })),
      );
    }
    try {
      await save.mutateAsync({ EventID: editing?.EventID, body: checked.data });
      void message.success(t(editing ? 'settings.saved' : 'settings.created', { name: checked.data.EventName }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors?.length) {
        showErrors(error.errors.map((e) => ({ path: formFieldOf(e.field, body), message: e.message })));
        if (!error.errors.some((e) => formFieldOf(e.field, body))) setFormError(error.message);
      } else {
        setFormError((error as Error).message);
      }
    }
  };

  const title = readOnly ? t('settings.view') : editing ? t('settings.edit') : t('settings.create');
  return (
    <Drawer
      open={rule !== undefined}
      onClose={onClose}
      title={editing ? `${title}: ${editing.EventName}` : title}
      size={640}
      destroyOnHidden
      data-testid="rule-drawer"
      footer={
        readOnly ? null : (
          <Flex justify="flex-end" gap="small">
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="rule-save">
              {t('actions.save')}
            </Button>
          </Flex>
        )
      }
    >
      <Form<RuleFormValues> form={form} layout="vertical" disabled={readOnly} onFinish={submit} requiredMark>
        {formError && (
          <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="rule-form-error" />
        )}
        <Form.Item name="EventName" label={t('settings.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={128} placeholder={t('settings.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="EventType"
          label={t('settings.type')}
          rules={[{ required: true }]}
          extra={type ? <span data-testid="type-help">{t(`alerting:typeHelp.${type}`)}</span> : undefined}
        >
          <Select
            options={ALERT_TYPE_IDS.map((id) => ({
              value: id,
              label: t(`alerting:types.${id}`),
              key: ALERT_TYPES[id],
            }))}
          />
        </Form.Item>
        <Form.Item label={t('settings.window')} required extra={t('settings.windowHelp')}>
          <Flex gap="small" align="flex-start">
            <Form.Item name="LoopValue" noStyle rules={[{ required: true }]}>
              <InputNumber
                min={1}
                max={unit ? LOOP_VALUE_MAX[unit] : undefined}
                precision={0}
                style={{ width: 120 }}
                aria-label={t('settings.loopValue')}
              />
            </Form.Item>
            <Typography.Text style={{ lineHeight: '32px' }}>×</Typography.Text>
            <Form.Item name="TimeUnit" noStyle>
              <Select
                style={{ width: 140 }}
                aria-label={t('settings.timeUnit')}
                options={TIME_UNITS.map((u) => ({ value: u, label: t(`timeUnits.${u}`) }))}
              />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item name="Enabled" label={t('settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('settings.levels')} required>
          <LevelRows disabled={readOnly} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
