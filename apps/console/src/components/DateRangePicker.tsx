import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export type DateRange = [Dayjs, Dayjs];

/** The presets every search offers: today, yesterday, last 7 and 30 days, this and last month. */
export function rangePresets(now: Dayjs = dayjs()): { key: string; value: DateRange }[] {
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

/** `Start` and `End` as the check-tool calls take them (ISO 8601 with the browser's offset). */
export function rangeToStartEnd(range: DateRange): { Start: string; End: string } {
  return { Start: range[0].format(), End: range[1].format() };
}

export interface DateRangePickerProps {
  value?: DateRange | null;
  onChange?: (range: DateRange | null) => void;
  /** Pick times too (default: whole days). */
  showTime?: boolean;
  allowClear?: boolean;
}

/** A date-range picker with the shared presets; usable as a controlled antd Form field. */
export function DateRangePicker({ value, onChange, showTime = false, allowClear = false }: DateRangePickerProps) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      value={value ?? null}
      showTime={showTime ? { format: 'HH:mm' } : false}
      format={showTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
      allowClear={allowClear}
      placeholder={[t('dateRange.start'), t('dateRange.end')]}
      presets={rangePresets().map((preset) => ({ label: t(`dateRange.${preset.key}`), value: preset.value }))}
      onChange={(next) => {
        const [start, end] = next ?? [];
        onChange?.(start && end ? [showTime ? start : start.startOf('day'), showTime ? end : end.endOf('day')] : null);
      }}
      style={{ maxWidth: '100%' }}
    />
  );
}
