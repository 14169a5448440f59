import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CURRENCY_CODES, type CurrencyRate } from '@pitboss/contract';
import { Button, Card, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { type DateRange, DateRangePicker } from '../../components/DateRangePicker';
import { PageFrame } from '../../components/PageFrame';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { fetchRatesPage, listRatesKey, type RateFilter } from './queries/list-currency-rates';
import { useDeleteRatesMutation } from './queries/use-delete-rates-mutation';
import { useRatesInForceQuery } from './queries/use-rates-in-force-query';
import { RateFormModal } from './RateFormModal';
import { RatesInForceCard } from './RatesInForceCard';

const rateKey = (r: CurrencyRate) => `${r.Currency} ${r.Date}`;

/** Exchange rates (`/setting/currency-setting`, admins of publisher and aggregator companies). */
export function CurrencySettingPage() {
  const { t } = useTranslation('currency');
  const today = useRatesInForceQuery(dayjs().format('YYYY-MM-DD'));
  const base = today.data?.find((r) => r.IsBase)?.Currency ?? '';
  const [filter, setFilter] = useState<RateFilter>({});
  const [range, setRange] = useState<DateRange | null>(null);
  const [form, setForm] = useState<{ editing?: CurrencyRate } | undefined>();
  const [selected, setSelected] = useState<CurrencyRate[]>([]);
  const remove = useDeleteRatesMutation();
  const confirmDelete = useConfirmDelete();
  const fetchPage = useMemo(() => fetchRatesPage(filter), [filter]);

  const deleteRates = (rates: CurrencyRate[]) =>
    confirmDelete({
      what:
        rates.length === 1 && rates[0]
          ? t('deleteWhat', { currency: rates[0].Currency, date: rates[0].Date })
          : t('deleteMany', { count: rates.length }),
      onConfirm: async () => {
        await remove.mutateAsync(rates.map((r) => ({ Currency: r.Currency, Date: r.Date })));
        setSelected([]);
      },
    });

  const columns = [
    { title: t('columns.currency'), dataIndex: 'Currency' },
    { title: t('columns.date'), dataIndex: 'Date' },
    { title: t('columns.rate', { base }), dataIndex: 'Rate', align: 'right' as const },
    { title: t('columns.updated'), dataIndex: 'UpdateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_: unknown, r: CurrencyRate) => (
        <Flex gap={4}>
          <Button size="small" type="link" onClick={() => setForm({ editing: r })}>
            {t('edit')}
          </Button>
          <Button size="small" type="link" danger onClick={() => deleteRates([r])}>
            {t('delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      description={t('description')}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})} disabled={!base}>
          {t('add')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <RatesInForceCard />
        <Card title={t('history.title')}>
          <Flex vertical gap="small">
            <Flex gap="small" wrap>
              <Select
                allowClear
                showSearch
                style={{ width: 180 }}
                placeholder={t('history.allCurrencies')}
                aria-label={t('columns.currency')}
                value={filter.currency}
                onChange={(currency?: string) => setFilter((f) => ({ ...f, currency }))}
                options={CURRENCY_CODES.filter((c) => c !== base).map((c) => ({ value: c, label: c }))}
              />
              <DateRangePicker
                allowClear
                value={range}
                onChange={(next) => {
                  setRange(next);
                  setFilter((f) => ({
                    ...f,
                    start: next?.[0].format('YYYY-MM-DD'),
                    end: next?.[1].format('YYYY-MM-DD'),
                  }));
                }}
              />
              {selected.length > 0 && (
                <Button danger icon={<DeleteOutlined />} onClick={() => deleteRates(selected)}>
                  {t('history.deleteSelected', { count: selected.length })}
                </Button>
              )}
            </Flex>
            <DataTable<CurrencyRate>
              key={JSON.stringify(filter)}
              queryKey={listRatesKey(filter)}
              fetchPage={fetchPage}
              columns={columns}
              rowKey={rateKey}
              rowSelection={{
                selectedRowKeys: selected.map(rateKey),
                onChange: (_keys, rows) => setSelected(rows),
              }}
            />
          </Flex>
        </Card>
      </Flex>
      <RateFormModal open={form !== undefined} editing={form?.editing} base={base} onClose={() => setForm(undefined)} />
    </PageFrame>
  );
}
