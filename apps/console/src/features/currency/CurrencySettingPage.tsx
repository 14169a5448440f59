import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CURRENCY_CODES, type CurrencyRate } from '@pitboss/contract';
import { Button, Card, Flex, Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { type DateRange, DateRangePicker } from '../../components/DateRangePicker';
import { PageFrame } from '../../components/PageFrame';
import { SearchForm } from '../../components/SearchForm';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { companyNow, isoInZone } from '../../lib/time-zone';
import { fetchRatesPage, listRatesKey, type RateFilters } from './queries/list-currency-rates';
import { useDeleteRatesMutation } from './queries/use-delete-rates-mutation';
import { useRatesInForceQuery } from './queries/use-rates-in-force-query';
import { RateFormModal } from './RateFormModal';
import { RatesInForceCard } from './RatesInForceCard';

const rateKey = (r: CurrencyRate) => `${r.Currency} ${r.Date}`;

const CSV_COLUMNS: CsvColumn<CurrencyRate>[] = [
  { title: 'Currency', value: (r) => r.Currency },
  { title: 'Date', value: (r) => r.Date },
  { title: 'Rate', value: (r) => r.Rate },
  { title: 'UpdateDate', value: (r) => isoInZone(r.UpdateDate) },
];

interface HistorySearch {
  Currency?: string;
  range?: DateRange | null;
}

/** Exchange rates (`/setting/currency-setting`, admins of publisher and aggregator companies). */
export function CurrencySettingPage() {
  const { t } = useTranslation('currency');
  const today = useRatesInForceQuery(companyNow().format('YYYY-MM-DD'));
  const base = today.data?.find((r) => r.IsBase)?.Currency ?? '';
  const [filters, setFilters] = useState<RateFilters>({});
  const [form, setForm] = useState<{ editing?: CurrencyRate } | undefined>();
  const remove = useDeleteRatesMutation();
  const confirmDelete = useConfirmDelete();
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchRatesPage(filters, request, signal),
    [filters],
  );

  const deleteRates = (rates: CurrencyRate[], done?: () => void) =>
    confirmDelete({
      what:
        rates.length === 1 && rates[0]
          ? t('deleteWhat', { currency: rates[0].Currency, date: rates[0].Date })
          : t('deleteMany', { count: rates.length }),
      onConfirm: async () => {
        await remove.mutateAsync(rates.map((r) => ({ Currency: r.Currency, Date: r.Date })));
        done?.();
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
          <Flex vertical gap="middle">
            <SearchForm<HistorySearch>
              onSearch={({ Currency, range }) =>
                setFilters({
                  Currency,
                  Start: range?.[0].format('YYYY-MM-DD'),
                  End: range?.[1].format('YYYY-MM-DD'),
                })
              }
            >
              <Form.Item name="Currency" label={t('columns.currency')} style={{ width: 180 }}>
                <Select
                  allowClear
                  showSearch
                  placeholder={t('history.allCurrencies')}
                  options={CURRENCY_CODES.filter((c) => c !== base).map((c) => ({ value: c, label: c }))}
                />
              </Form.Item>
              <Form.Item name="range" label={t('history.dates')}>
                <DateRangePicker allowClear />
              </Form.Item>
            </SearchForm>
            <DataTable<CurrencyRate>
              queryKey={[...listRatesKey, filters]}
              fetchPage={fetchPage}
              columns={columns}
              rowKey={rateKey}
              csv={{ fileName: datedFileName('exchange-rates'), columns: CSV_COLUMNS }}
              selection={{
                actions: (rates, clear) => (
                  <Button danger icon={<DeleteOutlined />} onClick={() => deleteRates(rates, clear)}>
                    {t('history.deleteSelected', { count: rates.length })}
                  </Button>
                ),
              }}
            />
          </Flex>
        </Card>
      </Flex>
      <RateFormModal open={form !== undefined} editing={form?.editing} base={base} onClose={() => setForm(undefined)} />
    </PageFrame>
  );
}
