import { DatePicker, Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { companyNow, toInstant, zoneOffsetLabel } from '../lib/time-zone';

/** A range as the company's wall clock (`lib/time-zone.ts`): what the pickers show and pick. */
export type DateRange = [Dayjs, Dayjs];

/** The presets every search offers, in the company's days: today, yesterday, last 7 and 30 days, this and last month. */
export function rangePresets(now: Dayjs = companyNow()): { key: string; value: DateRange }[] {
  const today = now.startOf('day');
  return [
    { key: 'today', value: [today, now.endOf('day')] },
    { key: 'yesterday', value: [today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')] },
    { key: 'last7Days', value: [today.subtract(6, 'day'), now.endOf('day')] },
    { key: 'last30Days', value: [today.subtract(29, 'day'), now.endOf('day')] },
    { key: 'thisMonth', value: [now.startOf('month'), now.endOf('day')] },
    {
      key: 'lastMonth',
      value: [now.subtract(1, 'month').startOf('month'), now.subtract(1, 'month').endOf('month')],
    },
  ];
}

/** `Start` and `End` as the check-tool calls take them: ISO 8601 with the company's offset. */
export function rangeToStartEnd(range: DateRange): { Start: string; End: string } {
  return { Start: toInstant(range[0]), End: toInstant(range[1]) };
}

export interface DateRangePickerProps {
  value?: DateRange | null;
  onChange?: (range: DateRange | null) => void;
  /** Pick times too (default: whole days). */
  showTime?: boolean;
  allowClear?: boolean;
  /** Set by Form.Item, so its label names the picker. */
  id?: string;
}

/**
 * A date-range picker with the shared presets, in the company's time zone (its offset shown beside it);
 * usable as a controlled antd Form field.
 */
export function DateRangePicker({ value, onChange, showTime = false, allowClear = false, id }: DateRangePickerProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={6} wrap>
      <DatePicker.RangePicker
        id={id}
        value={value ?? null}
        showTime={showTime ? { format: 'HH:mm' } : false}
        format={showTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
        allowClear={allowClear}
        placeholder={[t('dateRange.start'), t('dateRange.end')]}
        presets={rangePresets().map((preset) => ({ label: t(`dateRange.${preset.key}`), value: preset.value }))}
        onChange={(next) => {
          const [start, end] = next ?? [];
          onChange?.(
            start && end ? [showTime ? start : start.startOf('day'), showTime ? end : end.endOf('day')] : null,
          );
        }}
        style={{ maxWidth: '100%' }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="time-zone-label">
        {zoneOffsetLabel()}
      </Typography.Text>
    </Flex>
  );
}
