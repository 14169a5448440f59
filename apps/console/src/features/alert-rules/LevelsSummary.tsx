import type { AlertRuleLevel, AlertType } from '@pitboss/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LevelTag } from '../player-alerts/components/AlertTags';
import { formatMeasure } from '../player-alerts/labels';

/** A rule's levels in one glance: "L1 > 1.5 (≥ 30)" per level, lowest first. */
export function LevelsSummary({ type, levels }: { type: AlertType; levels: AlertRuleLevel[] }) {
  const { t, i18n } = useTranslation(['alert-rules', 'alerting']);
  if (levels.length === 0) return <Typography.Text type="secondary">{t('settings.noLevels')}</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {[...levels]
        .sort((a, b) => a.Level - b.Level)
        .map((level) => (
          <Flex key={level.Level} gap={6} align="center" wrap={false}>
            <LevelTag level={level.Level} />
            <span>
              {level.Op === 'any'
                ? t('alerting:ops.any')
                : `${t(`alerting:ops.${level.Op}`)} ${formatMeasure(type, level.Value, i18n.language)}`}
            </span>
            <Typography.Text type="secondary">
              {t('settings.minSampleShort', { count: level.MinSample })}
            </Typography.Text>
          </Flex>
        ))}
    </Flex>
  );
}
