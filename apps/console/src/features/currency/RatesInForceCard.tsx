import type { RateInForce } from '@pitboss/contract';
import { Alert, Card, DatePicker, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { companyNow } from '../../lib/time-zone';
import { useRatesInForceQuery } from './queries/use-rates-in-force-query';

/** The rates that convert amounts on a chosen day (today by default), base currency first. */
export function RatesInForceCard() {
  const { t } = useTranslation('currency');
  const [day, setDay] = useState<Dayjs>(companyNow());
  const rates = useRatesInForceQuery(day.format('YYYY-MM-DD'));
  const base = rates.data?.find((r) => r.IsBase)?.Currency ?? '';
  const columns: ColumnsType<RateInForce> = [
    {
      title: t('columns.currency'),
      dataIndex: 'Currency',
      render: (c: string, r) => (
        <Flex gap={6}>
          <Typography.Text strong>{c}</Typography.Text>
          {r.IsBase && <Tag color="blue">{t('inForce.base')}</Tag>}
        </Flex>
      ),
    },
    { title: t('columns.rate', { base }), dataIndex: 'Rate', align: 'right' },
    {
      title: t('columns.date'),
      dataIndex: 'Date',
      render: (d: string | null) => (d ? t('inForce.since', { date: d }) : ''),
    },
  ];
  return (
    <Card
      title={t('inForce.title')}
      extra={
        <DatePicker
          value={day}
          allowClear={false}
          format="YYYY-MM-DD"
          aria-label={t('inForce.on')}
          onChange={(next) => next && setDay(next)}
        />
      }
      data-testid="rates-in-force"
    >
      {rates.isError && <QueryError error={rates.error} onRetry={() => void rates.refetch()} />}
      {rates.data && rates.data.length <= 1 && (
        <Alert type="warning" showIcon title={t('inForce.none', { base })} style={{ marginBottom: 12 }} />
      )}
      <Table<RateInForce>
        rowKey="Currency"
        size="small"
        columns={columns}
        dataSource={rates.data ?? []}
        loading={rates.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
