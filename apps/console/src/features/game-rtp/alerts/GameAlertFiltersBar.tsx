import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { PROCESS_STATUS } from '@pitboss/contract';
import { Button, Flex, Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodPicker } from '../../player-alerts/components/PeriodPicker';
import { LEVEL_IDS } from '../../player-alerts/labels';
import { DEFAULT_PERIOD, type Period } from '../../player-alerts/period';
import { GamesSelect, GameTypesSelect } from '../components/GamePickers';
import { EMPTY_GAME_FILTERS, type GameAlertFilters } from './game-alert-filters';

type FilterValues = Omit<GameAlertFilters, 'Status'> & { Status: 'all' | 0 | 1 };

const toValues = (filters: GameAlertFilters): FilterValues => ({ ...filters, Status: filters.Status ?? 'all' });
const fromValues = (values: FilterValues): GameAlertFilters => ({
  period: values.period,
  GameTypes: values.GameTypes ?? [],
  GameIDs: values.GameIDs ?? [],
  Levels: values.Levels ?? [],
  Status: values.Status === 'all' ? undefined : values.Status,
});

const ITEM = { marginBottom: 8 } as const;

/** The filter bar of the game alerts: period, game types and games (from the catalogue), levels, status. */
export function GameAlertFiltersBar({
  value,
  onChange,
}: {
  value: GameAlertFilters;
  onChange: (filters: GameAlertFilters) => void;
}) {
  const { t } = useTranslation(['game-rtp', 'alerting']);
  const [form] = Form.useForm<FilterValues>();
  const pickedTypes = Form.useWatch('GameTypes', form);
  useEffect(() => form.setFieldsValue(toValues(value)), [value, form]);
  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={toValues(value)}
      onFinish={(values) => onChange(fromValues(values))}
      data-testid="game-alert-filters"
    >
      <Flex wrap gap="small" align="flex-start">
        <Form.Item name="period" label={t('alerts.filters.period')} style={ITEM}>
          <PeriodField />
        </Form.Item>
        <Form.Item name="GameTypes" label={t('alerts.filters.types')} style={{ ...ITEM, minWidth: 180 }}>
          <GameTypesSelect data-testid="filter-game-types" />
        </Form.Item>
        <Form.Item name="GameIDs" label={t('alerts.filters.games')} style={{ ...ITEM, minWidth: 240 }}>
          <GamesSelect gameTypes={pickedTypes} data-testid="filter-games" />
        </Form.Item>
        <Form.Item name="Levels" label={t('alerts.filters.levels')} style={{ ...ITEM, minWidth: 150 }}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('alerts.filters.all')}
            options={LEVEL_IDS.map((level) => ({ value: level, label: t(`alerting:levels.${level}`) }))}
            data-testid="filter-game-levels"
          />
        </Form.Item>
        <Form.Item name="Status" label={t('alerts.filters.status')} style={{ ...ITEM, minWidth: 130 }}>
          <Select
            options={[
              { value: 'all', label: t('alerts.filters.all') },
              ...Object.keys(PROCESS_STATUS).map((s) => ({ value: Number(s), label: t(`alerting:status.${s}`) })),
            ]}
            data-testid="filter-game-status"
          />
        </Form.Item>
        <Form.Item label=" " colon={false} style={ITEM}>
          <Flex gap="small">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="game-filter-search">
              {t('actions.search')}
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.setFieldsValue(toValues(EMPTY_GAME_FILTERS));
                onChange(EMPTY_GAME_FILTERS);
              }}
            >
              {t('actions.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Flex>
    </Form>
  );
}

function PeriodField({ value, onChange }: { value?: Period; onChange?: (period: Period) => void }) {
  return <PeriodPicker value={value ?? DEFAULT_PERIOD} onChange={(period) => onChange?.(period)} />;
}
