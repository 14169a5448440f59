import { RedoOutlined } from '@ant-design/icons';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES, type Delivery } from '@pitboss/contract';
import { App, Flex, Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { type DateRange, DateRangePicker, rangeToStartEnd } from '../../components/DateRangePicker';
import { IconAction } from '../../components/IconAction';
import { PageFrame } from '../../components/PageFrame';
import { SearchForm } from '../../components/SearchForm';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { isoInZone } from '../../lib/time-zone';
import { type DeliveryFilters, deliveriesQueryKey, fetchDeliveriesPage } from './queries/list-deliveries';
import { useResendDeliveryMutation } from './queries/use-resend-delivery-mutation';

const STATUS_COLOURS: Record<Delivery['Status'], string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'warning',
  dead: 'error',
  unsent: 'default',
};

const CSV_COLUMNS: CsvColumn<Delivery>[] = [
  { title: 'CreateDate', value: (r) => isoInZone(r.CreateDate) },
  { title: 'Channel', value: (r) => r.Channel },
  { title: 'Target', value: (r) => r.Target },
  { title: 'EventID', value: (r) => r.EventID ?? '' },
  { title: 'EventName', value: (r) => r.EventName },
  { title: 'Level', value: (r) => r.Level ?? '' },
  { title: 'AlertID', value: (r) => r.AlertID ?? '' },
  { title: 'Status', value: (r) => r.Status },
  { title: 'Reason', value: (r) => r.Reason ?? '' },
  { title: 'Attempts', value: (r) => r.Attempts },
  { title: 'SentDate', value: (r) => isoInZone(r.SentDate) },
];

interface SearchValues {
  range?: DateRange;
  Channels?: Delivery['Channel'][];
  Status?: Delivery['Status'][];
}

/** Every notification delivery with its status, reason, attempts and times; a dead or unsent one can be resent. */
export function DeliveryLogPage() {
  const { t } = useTranslation(['notifications', 'lists']);
  const { message } = App.useApp();
  const resend = useResendDeliveryMutation();
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchDeliveriesPage(filters, request, signal),
    [filters],
  );

  const columns: ColumnsType<Delivery> = [
    { title: t('log.CreateDate'), dataIndex: 'CreateDate', sorter: true, render: (v: string) => formatDateTime(v) },
    { title: t('log.Channel'), dataIndex: 'Channel', sorter: true, render: (c: string) => t(`channels.${c}`) },
    { title: t('log.Target'), dataIndex: 'Target', sorter: true },
    {
      title: t('log.Alert'),
      key: 'alert',
      render: (_: unknown, row) =>
        row.Digest > 0 ? (
          t('log.digest', { count: row.Digest })
        ) : (
          <span>
            {row.EventName}
            {row.Level !== null && ` · ${t('level', { level: row.Level })}`}
            {row.AlertPath && (
              <>
                {' · '}
                <Link to={row.AlertPath}>#{row.AlertID}</Link>
              </>
            )}
          </span>
        ),
    },
    {
      title: t('log.Status'),
      dataIndex: 'Status',
      sorter: true,
      render: (status: Delivery['Status'], row) => (
        <Flex vertical gap={2}>
          <Tag color={STATUS_COLOURS[status]} style={{ width: 'fit-content' }}>
            {t(`statuses.${status}`)}
          </Tag>
          {row.Reason && (
            <Typography.Text type="secondary" style={{ maxWidth: 360 }} ellipsis={{ tooltip: row.Reason }}>
              {row.Reason}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('log.Attempts'), dataIndex: 'Attempts', align: 'right' },
    {
      title: t('log.SentDate'),
      dataIndex: 'SentDate',
      render: (v: string | null, row) =>
        v ? formatDateTime(v) : row.NextAttemptDate ? t('log.next', { at: formatDateTime(row.NextAttemptDate) }) : '',
    },
    {
      title: t('lists:lists.actions'),
      key: 'actions',
      render: (_: unknown, row) =>
        (row.Status === 'dead' || row.Status === 'unsent') && (
          <IconAction
            icon={<RedoOutlined />}
            title={t('log.resend')}
            target={row.Target}
            onClick={() =>
              void resend.mutateAsync(row.ID).then(
                () => message.success(t('log.resent')),
                (failure: Error) => message.error(failure.message),
              )
            }
          />
        ),
    },
  ];

  return (
    <PageFrame description={t('log.intro')}>
      <Flex vertical gap="middle" data-testid="delivery-log">
        <SearchForm<SearchValues>
          onSearch={(values) =>
            setFilters({
              ...(values.range ? rangeToStartEnd(values.range) : {}),
              ...(values.Channels?.length ? { Channels: values.Channels } : {}),
              ...(values.Status?.length ? { Status: values.Status } : {}),
            })
          }
        >
          <Form.Item name="range" label={t('log.period')}>
            <DateRangePicker showTime allowClear />
          </Form.Item>
          <Form.Item name="Channels" label={t('log.Channel')} style={{ width: 240 }}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('log.allChannels')}
              options={DELIVERY_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="Status" label={t('log.Status')} style={{ width: 260 }}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('log.allStatuses')}
              options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            />
          </Form.Item>
        </SearchForm>
        <DataTable<Delivery>
          queryKey={[...deliveriesQueryKey, filters]}
          fetchPage={fetchPage}
          columns={columns}
          rowKey="ID"
          defaultSort="CreateDate Desc"
          csv={{ fileName: datedFileName('deliveries'), columns: CSV_COLUMNS }}
        />
      </Flex>
    </PageFrame>
  );
}
