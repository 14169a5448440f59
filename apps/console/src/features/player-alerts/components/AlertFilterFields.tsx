import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALERT_TYPE_IDS, LEVEL_IDS } from '../labels';
import type { Period } from '../period';
import { DEFAULT_PERIOD } from '../period';
import { PeriodPicker } from './PeriodPicker';

const ITEM = { marginBottom: 8 } as const;

/** The period, type and level fields the alert list and the alert overview share (form names `period`, `EventTypes`, `Levels`). */
export function AlertFilterFields() {
  const { t } = useTranslation(['player-alerts', 'alerting']);
  return (
    <>
      <Form.Item name="period" label={t('filters.period')} style={ITEM}>
        <PeriodField />
      </Form.Item>
      <Form.Item name="EventTypes" label={t('filters.types')} style={{ ...ITEM, minWidth: 220 }}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('filters.all')}
          options={ALERT_TYPE_IDS.map((id) => ({ value: id, label: t(`alerting:types.${id}`) }))}
          data-testid="filter-types"
        />
      </Form.Item>
      <Form.Item name="Levels" label={t('filters.levels')} style={{ ...ITEM, minWidth: 160 }}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('filters.all')}
          options={LEVEL_IDS.map((level) => ({ value: level, label: t(`alerting:levels.${level}`) }))}
          data-testid="filter-levels"
        />
      </Form.Item>
    </>
  );
}

/** The period picker as a controlled form field. */
function PeriodField({ value, onChange }: { value?: Period; onChange?: (period: Period) => void }) {
  return <PeriodPicker value={value ?? DEFAULT_PERIOD} onChange={(period) => onChange?.(period)} />;
}
