import { COMPARISON_OPERATORS, type Level } from '@pitboss/contract';
import { Flex, Form, InputNumber, Select, Switch, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LevelTag } from '../player-alerts/components/AlertTags';
import { LEVEL_IDS } from '../player-alerts/labels';
import type { RuleFormValues } from './rule-form';

/**
 * The three level rows of the rule editor: on/off, comparison, value and minimum sample. A row that
 * is off sends nothing; `any` needs no value.
 */
export function LevelRows({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(['alert-rules', 'alerting']);
  const { token } = theme.useToken();
  const form = Form.useFormInstance<RuleFormValues>();
  const levels = Form.useWatch('Levels', form);
  return (
    <Flex vertical gap={token.marginXS} data-testid="level-rows">
      {LEVEL_IDS.map((level: Level, index) => {
        const row = levels?.[index];
        const off = disabled || !row?.On;
        return (
          <Flex
            key={level}
            wrap
            gap={token.marginXS}
            align="flex-start"
            data-testid={`level-row-${level}`}
            style={{
              padding: token.paddingXS,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
            }}
          >
            <Flex align="center" gap={token.marginXS} style={{ minWidth: 96, paddingTop: 4 }}>
              <Form.Item name={['Levels', index, 'On']} valuePropName="checked" noStyle>
                <Switch size="small" disabled={disabled} aria-label={t('settings.levelOn', { level })} />
              </Form.Item>
              <LevelTag level={level} />
            </Flex>
            <Form.Item name={['Levels', index, 'Op']} label={t('settings.op')} style={{ marginBottom: 0 }}>
              <Select
                disabled={off}
                style={{ width: 110 }}
                options={COMPARISON_OPERATORS.map((op) => ({ value: op, label: t(`alerting:ops.${op}`) }))}
              />
            </Form.Item>
            <Form.Item
              name={['Levels', index, 'Value']}
              label={t('settings.value')}
              style={{ marginBottom: 0 }}
              rules={[{ required: !off && row?.Op !== 'any' }]}
            >
              <InputNumber disabled={off || row?.Op === 'any'} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item
              name={['Levels', index, 'MinSample']}
              label={t('settings.minSample')}
              tooltip={t('settings.minSampleHelp')}
              style={{ marginBottom: 0 }}
              rules={[{ required: !off }]}
            >
              <InputNumber disabled={off} min={0} precision={0} style={{ width: 110 }} />
            </Form.Item>
          </Flex>
        );
      })}
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('settings.levelsHelp')}
      </Typography.Text>
    </Flex>
  );
}
