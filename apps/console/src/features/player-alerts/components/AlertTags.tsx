import type { AlertType, Level, ProcessStatus } from '@pitboss/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_TAG_COLORS, TYPE_TAG_COLORS } from '../labels';

/** The alert type's translated name as a tag. */
export function AlertTypeTag({ type }: { type: AlertType }) {
  const { t } = useTranslation('alerting');
  return (
    <Tag color={TYPE_TAG_COLORS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`types.${type}`)}
    </Tag>
  );
}

/** "L2" in the level's colour, with the full name for assistive technology. */
export function LevelTag({ level }: { level: Level }) {
  const { t } = useTranslation('alerting');
  return (
    <Tag color={LEVEL_TAG_COLORS[level]} style={{ marginInlineEnd: 0 }} title={t(`levels.${level}`)}>
      {t('levels.short', { level })}
    </Tag>
  );
}

/** Pending (orange) or processed (green). */
export function StatusTag({ status }: { status: ProcessStatus }) {
  const { t } = useTranslation('alerting');
  return (
    <Tag color={status === 0 ? 'orange' : 'green'} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
