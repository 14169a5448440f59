import { DatePicker, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyNow, toInstant, wallClock, zoneOffsetLabel } from '../../../lib/time-zone';
import { PERIOD_PRESETS, type Period, type PeriodPreset } from '../period';

export interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
}

/**
 * A rolling period (today, last 24 hours, 7 or 30 days: its end follows the clock, so live alerts stay
 * in view) or a custom range with times.
 */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('alerting');
  const options = [...PERIOD_PRESETS, 'custom' as const].map((preset) => ({
    value: preset,
    label: t(`period.${preset}`),
  }));
  return (
    <Flex gap="small" wrap align="center" data-testid="period-picker">
      <Select<PeriodPreset | 'custom'>
        value={value.preset}
        options={options}
        style={{ minWidth: 150 }}
        aria-label={t('period.label')}
        onChange={(preset) => {
          if (preset !== 'custom') return onChange({ preset });
          const now = companyNow();
          onChange({ preset: 'custom', start: toInstant(now.subtract(7, 'day').startOf('day')), end: toInstant(now) });
        }}
      />
      {value.preset === 'custom' && (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={[wallClock(value.start), wallClock(value.end)]}
          placeholder={[t('period.start'), t('period.end')]}
          onChange={(range) => {
            const [start, end] = range ?? [];
            if (start && end) onChange({ preset: 'custom', start: toInstant(start), end: toInstant(end) });
          }}
          style={{ maxWidth: '100%' }}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="time-zone-label">
        {zoneOffsetLabel()}
      </Typography.Text>
    </Flex>
  );
}
