import { FilterOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { PROCESS_STATUS } from '@pitboss/contract';
import { Badge, Button, Flex, Form, Grid, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberIdInput } from '../../../components/MemberIdInput';
import { AlertFilterFields } from '../components/AlertFilterFields';
import { type AlertFilters, EMPTY_FILTERS } from './alert-filters';

/** Form values: the filters, with the status as a select value ('all', 0, 1). */
type FilterValues = Omit<AlertFilters, 'Status'> & { Status: 'all' | 0 | 1 };

const toValues = (filters: AlertFilters): FilterValues => ({ ...filters, Status: filters.Status ?? 'all' });
const fromValues = (values: FilterValues): AlertFilters => ({
  ...values,
  IP: values.IP?.trim() || undefined,
  Status: values.Status === 'all' ? undefined : values.Status,
});

/** How many filters narrow the list (the period does not count): the badge of the collapsed bar. */
function activeCount(filters: AlertFilters): number {
  return [
    filters.EventTypes.length,
    filters.Levels.length,
    filters.Status !== undefined,
    filters.MemberIDs.length,
    filters.IP,
  ].filter(Boolean).length;
}

/**
 * The filter bar of the player alerts: period, types, levels, status, member IDs and IP. On a phone it
 * folds behind a "Filters" button so the list stays in view.
 */
export function AlertFiltersBar({ value, onChange }: { value: AlertFilters; onChange: (f: AlertFilters) => void }) {
  const { t } = useTranslation(['player-alerts', 'alerting']);
  const [form] = Form.useForm<FilterValues>();
  const compact = Grid.useBreakpoint().md === false;
  const [unfolded, setUnfolded] = useState(false);
  // Follow filters changed from outside (a link, the back button).
  useEffect(() => form.setFieldsValue(toValues(value)), [value, form]);
  if (compact && !unfolded) {
    return (
      <Badge count={activeCount(value)} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setUnfolded(true)} data-testid="filters-unfold">
          {t('filters.show')}
        </Button>
      </Badge>
    );
  }
  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={toValues(value)}
      onFinish={(values) => {
        onChange(fromValues(values));
        setUnfolded(false);
      }}
      data-testid="alert-filters"
    >
      <Flex wrap gap="small" align="flex-start">
        <AlertFilterFields />
        <Form.Item name="Status" label={t('filters.status')} style={{ marginBottom: 8, minWidth: 130 }}>
          <Select
            options={[
              { value: 'all', label: t('filters.all') },
              ...Object.keys(PROCESS_STATUS).map((s) => ({ value: Number(s), label: t(`alerting:status.${s}`) })),
            ]}
            data-testid="filter-status"
          />
        </Form.Item>
        <Form.Item name="MemberIDs" label={t('filters.members')} style={{ marginBottom: 8, minWidth: 240 }}>
          <MemberIdInput rows={1} />
        </Form.Item>
        <Form.Item name="IP" label={t('filters.ip')} style={{ marginBottom: 8, width: 160 }}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item label=" " colon={false} style={{ marginBottom: 8 }}>
          <Flex gap="small">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
              {t('actions.search')}
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.setFieldsValue(toValues(EMPTY_FILTERS));
                onChange(EMPTY_FILTERS);
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
