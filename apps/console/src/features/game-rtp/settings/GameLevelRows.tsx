import type { Level } from '@pitboss/contract';
import { GAME_RTP_CONFIDENCE } from '@pitboss/contract';
import { Flex, Form, InputNumber, Switch, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LevelTag } from '../../player-alerts/components/AlertTags';
import { LEVEL_IDS } from '../../player-alerts/labels';
import type { GameRuleFormValues } from './game-rule-form';

/**
 * The three level rows of the game rule editor: on/off, the band above and below the expectation in RTP
 * points (empty: that side is not watched) and the confidence the deviation must reach.
 */
export function GameLevelRows({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(['game-rtp', 'alerting']);
  const { token } = theme.useToken();
  const form = Form.useFormInstance<GameRuleFormValues>();
  const levels = Form.useWatch('Levels', form);
  return (
    <Flex vertical gap={token.marginXS} data-testid="game-level-rows">
      {LEVEL_IDS.map((level: Level, index) => {
        const row = levels?.[index];
        const off = disabled || !row?.On;
        return (
          <Flex
            key={level}
            wrap
            gap={token.marginXS}
            align="flex-start"
            data-testid={`game-level-row-${level}`}
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
            <Form.Item
              name={['Levels', index, 'Above']}
              label={t('settings.above')}
              tooltip={t('settings.aboveHelp')}
              style={{ marginBottom: 0 }}
            >
              <InputNumber
                disabled={off}
                min={0.01}
                max={100}
                step={0.5}
                suffix={t('settings.pointsUnit')}
                style={{ width: 120 }}
                aria-label={t('settings.aboveOf', { level })}
              />
            </Form.Item>
            <Form.Item
              name={['Levels', index, 'Below']}
              label={t('settings.below')}
              tooltip={t('settings.belowHelp')}
              style={{ marginBottom: 0 }}
            >
              <InputNumber
                disabled={off}
                min={0.01}
                max={100}
                step={0.5}
                suffix={t('settings.pointsUnit')}
                style={{ width: 120 }}
                aria-label={t('settings.belowOf', { level })}
              />
            </Form.Item>
            <Form.Item
              name={['Levels', index, 'Confidence']}
              label={t('settings.confidence')}
              tooltip={t('settings.confidenceHelp')}
              style={{ marginBottom: 0 }}
              rules={[{ required: !off }]}
            >
              <InputNumber
                disabled={off}
                min={GAME_RTP_CONFIDENCE.min * 100}
                max={GAME_RTP_CONFIDENCE.max * 100}
                step={0.1}
                suffix="%"
                style={{ width: 120 }}
                aria-label={t('settings.confidenceOf', { level })}
              />
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
