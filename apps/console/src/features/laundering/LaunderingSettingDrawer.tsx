import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  LAUNDERING_LEVEL_OPS,
  LAUNDERING_TIME_UNITS,
  LAUNDERING_WINDOW_MAX_MS,
  type LaunderingSettingRecord,
  type Level,
  launderingWindowMs,
} from '@pitboss/contract';
import { LaunderingSettingBody } from '@pitboss/contract/schemas';
import {
  Alert,
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Tag,
  Typography,
  theme,
} from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useSaveLaunderingSettingMutation } from './queries/use-save-laundering-setting-mutation';
import {
  type FieldPath,
  formFieldOf,
  type LaunderingFormValues,
  newSettingValues,
  settingToValues,
  valuesToBody,
} from './setting-form';

export interface LaunderingSettingDrawerProps {
  /** The setting to edit, `'new'` for a new one, or undefined when closed. */
  setting: LaunderingSettingRecord | 'new' | undefined;
  /** Viewers see the setting without being able to change it. */
  readOnly: boolean;
  onClose: () => void;
}

const LEVELS: Level[] = [1, 2, 3];

/** A contract schema's issue as the user reads it, in their language (zod's own texts are English). */
function issueMessage(issue: z.core.$ZodIssue, t: TFunction<'laundering'>): string {
  switch (issue.code) {
    case 'invalid_type':
      return t('validation.required');
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.required')
        : issue.origin === 'array'
          ? t('validation.atLeastOne')
          : t('validation.min', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.maxLength', { max: issue.maximum })
        : t('validation.max', { max: issue.maximum });
    case 'custom':
      if (issue.path.includes('LoopValue')) return t('validation.window');
      if (issue.path[0] === 'SidePairs') return t('validation.sameSides');
      if (issue.path[0] === 'Levels') return t('validation.levelCondition');
      return t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/**
 * Creates or edits an opposing-bet setting: name, the pairs of opposite sides (editable, custom pairs
 * allowed), game types, minimum stake, stake tolerance, window `LoopValue × TimeUnit`, on/off and per
 * level 1–3 the repeated rounds and/or matched stake. Checked with the contract's schema before sending;
 * the server's field errors land on their field.
 */
export function LaunderingSettingDrawer({ setting, readOnly, onClose }: LaunderingSettingDrawerProps) {
  const { t } = useTranslation('laundering');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [form] = Form.useForm<LaunderingFormValues>();
  const save = useSaveLaunderingSettingMutation();
  const [formError, setFormError] = useState<string>();
  const unit = Form.useWatch('TimeUnit', form);
  const levels = Form.useWatch('Levels', form);
  const editing = setting !== undefined && setting !== 'new' ? setting : undefined;

  useEffect(() => {
    if (setting === undefined) return;
    setFormError(undefined);
    form.resetFields();
    form.setFieldsValue(setting === 'new' ? newSettingValues() : settingToValues(setting));
  }, [setting, form]);

  const showErrors = (errors: { path: FieldPath | undefined; message: string }[]) => {
    const byField = new Map<string, { name: FieldPath; errors: string[] }>();
    const rest: string[] = [];
    for (const { path, message: text } of errors) {
      if (!path || path.length === 1) {
        if (path && path[0] !== 'Levels' && path[0] !== 'SidePairs') {
          const key = path.join('.');
          byField.set(key, { name: path, errors: [...(byField.get(key)?.errors ?? []), text] });
        } else rest.push(text);
        continue;
      }
      const key = path.join('.');
      const entry = byField.get(key) ?? { name: path, errors: [] };
      entry.errors.push(text);
      byField.set(key, entry);
    }
    // The paths come from `formFieldOf`, which only names the form's own fields.
    form.setFields([...byField.values()] as Parameters<typeof form.setFields>[0]);
    setFormError(rest.length ? [...new Set(rest)].join(' ') : undefined);
  };

  const submit = async (values: LaunderingFormValues) => {
    setFormError(undefined);
    const body = valuesToBody(values);
    if (body.Levels.length === 0) return setFormError(t('settings.noLevel'));
    if (body.SidePairs.length === 0) return setFormError(t('settings.noPair'));
    const checked = LaunderingSettingBody.safeParse(body);
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

  const loopMax = unit ? Math.min(1000, Math.floor(LAUNDERING_WINDOW_MAX_MS / launderingWindowMs(1, unit))) : 1000;
  const title = readOnly ? t('settings.view') : editing ? t('settings.edit') : t('settings.create');
  return (
    <Drawer
      open={setting !== undefined}
      onClose={onClose}
      title={editing ? `${title}: ${editing.EventName}` : title}
      size={720}
      destroyOnHidden
      data-testid="laundering-setting-drawer"
      footer={
        readOnly ? null : (
          <Flex justify="flex-end" gap="small">
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => form.submit()}
              data-testid="laundering-setting-save"
            >
              {t('common:actions.save')}
            </Button>
          </Flex>
        )
      }
    >
      <Form<LaunderingFormValues> form={form} layout="vertical" disabled={readOnly} onFinish={submit} requiredMark>
        {formError && (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="laundering-setting-error"
          />
        )}
        <Form.Item name="EventName" label={t('settings.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={128} placeholder={t('settings.namePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('settings.sidePairs')} required extra={t('settings.sidePairsHelp')}>
          <Form.List name="SidePairs">
            {(fields, { add, remove }) => (
              <Flex vertical gap={token.marginXS} data-testid="side-pairs">
                {fields.map((field, index) => (
                  <Flex key={field.key} gap="small" align="flex-start" data-testid={`side-pair-${index}`}>
                    <Form.Item
                      name={[field.name, 'A']}
                      style={{ marginBottom: 0, flex: 1 }}
                      rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
                    >
                      <Input maxLength={32} aria-label={t('settings.sideA', { n: index + 1 })} />
                    </Form.Item>
                    <Typography.Text style={{ lineHeight: '32px' }}>↔</Typography.Text>
                    <Form.Item
                      name={[field.name, 'B']}
                      style={{ marginBottom: 0, flex: 1 }}
                      dependencies={[['SidePairs', field.name, 'A']]}
                      rules={[
                        { required: true, whitespace: true, message: t('validation.required') },
                        ({ getFieldValue }) => ({
                          validator: (_, value?: string) =>
                            value &&
                            value.trim().toLowerCase() ===
                              String(getFieldValue(['SidePairs', field.name, 'A']) ?? '')
                                .trim()
                                .toLowerCase()
                              ? Promise.reject(new Error(t('validation.sameSides')))
                              : Promise.resolve(),
                        }),
                      ]}
                    >
                      <Input maxLength={32} aria-label={t('settings.sideB', { n: index + 1 })} />
                    </Form.Item>
                    {!readOnly && (
                      <Button
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        disabled={fields.length <= 1}
                        aria-label={t('settings.removePair', { n: index + 1 })}
                      />
                    )}
                  </Flex>
                ))}
                {!readOnly && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ A: '', B: '' })}
                    disabled={fields.length >= 100}
                    data-testid="add-side-pair"
                  >
                    {t('settings.addPair')}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="GameTypes" label={t('settings.gameTypes')} extra={t('settings.gameTypesHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder={t('settings.everyGame')} />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item
            name="MinStake"
            label={t('settings.minStake')}
            tooltip={t('settings.minStakeHelp')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="StakeTolerance"
            label={t('settings.tolerance')}
            tooltip={t('settings.toleranceHelp')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={100} suffix="%" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="MinOpposedShare"
            label={t('settings.minOpposedShare')}
            tooltip={t('settings.minOpposedShareHelp')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={100} suffix="%" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label={t('settings.window')} required tooltip={t('settings.windowHelp')}>
            <Flex gap="small" align="flex-start">
              <Form.Item name="LoopValue" noStyle rules={[{ required: true }]}>
                <InputNumber
                  min={1}
                  max={loopMax}
                  precision={0}
                  style={{ width: 110 }}
                  aria-label={t('settings.loopValue')}
                />
              </Form.Item>
              <Typography.Text style={{ lineHeight: '32px' }}>×</Typography.Text>
              <Form.Item name="TimeUnit" noStyle>
                <Select
                  style={{ width: 130 }}
                  aria-label={t('settings.timeUnit')}
                  options={LAUNDERING_TIME_UNITS.map((u) => ({ value: u, label: t(`timeUnits.${u}`) }))}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Flex>
        <Form.Item name="Enabled" label={t('settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('settings.levels')} required extra={t('settings.levelsHelp')}>
          <Flex vertical gap={token.marginXS} data-testid="laundering-level-rows">
            {LEVELS.map((level, index) => {
              const off = readOnly || !levels?.[index]?.On;
              return (
                <Flex
                  key={level}
                  wrap
                  gap={token.marginXS}
                  align="flex-start"
                  data-testid={`laundering-level-${level}`}
                  style={{
                    padding: token.paddingXS,
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadius,
                  }}
                >
                  <Flex align="center" gap={token.marginXS} style={{ minWidth: 80, paddingTop: 4 }}>
                    <Form.Item name={['Levels', index, 'On']} valuePropName="checked" noStyle>
                      <Switch size="small" aria-label={t('settings.levelOn', { level })} />
                    </Form.Item>
                    <Tag color={level === 3 ? 'red' : level === 2 ? 'orange' : 'gold'}>L{level}</Tag>
                  </Flex>
                  <Form.Item
                    name={['Levels', index, 'Rounds']}
                    label={t('settings.rounds')}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber disabled={off} min={0} precision={0} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={['Levels', index, 'Op']} label={t('settings.op')} style={{ marginBottom: 0 }}>
                    <Select
                      disabled={off}
                      style={{ width: 90 }}
                      options={LAUNDERING_LEVEL_OPS.map((op) => ({ value: op, label: t(`ops.${op}`) }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={['Levels', index, 'MatchedStake']}
                    label={t('settings.matchedStake')}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber disabled={off} min={0} style={{ width: 150 }} />
                  </Form.Item>
                </Flex>
              );
            })}
          </Flex>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
