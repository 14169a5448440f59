import { PlusOutlined } from '@ant-design/icons';
import type { ReconcileCustomer } from '@pitboss/contract';
import { Button, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { PageFrame } from '../../components/PageFrame';
import { SearchForm } from '../../components/SearchForm';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { isoInZone } from '../../lib/time-zone';
import { CustomerFormModal } from './CustomerFormModal';
import { type CustomerFilters, customersKey, fetchCustomersPage } from './queries/list-customers';

const CSV_COLUMNS: CsvColumn<ReconcileCustomer>[] = [
  { title: 'ID', value: (c) => c.ID },
  { title: 'BusinessName', value: (c) => c.BusinessName },
  { title: 'Status', value: (c) => c.Status },
  { title: 'Currency', value: (c) => c.Currency },
  { title: 'CommissionBasis', value: (c) => c.CommissionBasis },
  { title: 'CommissionRate', value: (c) => c.CommissionRate },
  { title: 'MinimumFee', value: (c) => c.MinimumFee },
  { title: 'CustomerIDs', value: (c) => c.CustomerIDs.join(' ') },
  { title: 'Contacts', value: (c) => c.Contacts },
  { title: 'UpdateDate', value: (c) => isoInZone(c.UpdateDate) },
];

/** Customers (`/reconcile/customer`): the operators a publisher bills, with their terms and customer ids. */
export function CustomerPage() {
  const { t } = useTranslation('reconcile');
  const [filters, setFilters] = useState<CustomerFilters>({});
  const [form, setForm] = useState<{ editing?: ReconcileCustomer } | undefined>();
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchCustomersPage(filters, request, signal),
    [filters],
  );
  const columns = [
    { title: t('customer.businessName'), dataIndex: 'BusinessName' },
    { title: t('customer.status'), dataIndex: 'Status', render: (s: string) => t(`cooperation.${s}`) },
    { title: t('customer.currency'), dataIndex: 'Currency' },
    {
      title: t('customer.commission'),
      key: 'commission',
      render: (_: unknown, c: ReconcileCustomer) =>
        t('customer.commissionText', {
          rate: c.CommissionRate,
          basis: t(`basis.${c.CommissionBasis}`),
          fee: c.MinimumFee,
        }),
    },
    { title: t('customer.customerIds'), dataIndex: 'CustomerIDs', render: (ids: string[]) => ids.join(', ') },
    { title: t('customer.contacts'), dataIndex: 'Contacts' },
    { title: t('customer.updated'), dataIndex: 'UpdateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('customer.actions'),
      key: 'actions',
      render: (_: unknown, c: ReconcileCustomer) => (
        <Button size="small" type="link" onClick={() => setForm({ editing: c })}>
          {t('customer.edit')}
        </Button>
      ),
    },
  ];
  return (
    <PageFrame
      description={t('customer.description')}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})}>
          {t('customer.add')}
        </Button>
      }
    >
      <SearchForm<CustomerFilters>
        initialValues={{ SearchKey: '2' }}
        onSearch={(v) =>
          setFilters({ SearchKey: v.SearchKey, Keyword: v.Keyword?.trim() || undefined, Status: v.Status })
        }
      >
        <Form.Item name="SearchKey" label={t('customer.searchKey')} style={{ width: 180 }}>
          <Select options={(['2', '1'] as const).map((k) => ({ value: k, label: t(`searchKey.${k}`) }))} />
        </Form.Item>
        <Form.Item name="Keyword" label={t('customer.keyword')} style={{ width: 240 }}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="Status" label={t('customer.status')} style={{ width: 180 }}>
          <Select
            allowClear
            options={(['1', '2', '3'] as const).map((s) => ({ value: s, label: t(`cooperation.${s}`) }))}
          />
        </Form.Item>
      </SearchForm>
      <DataTable<ReconcileCustomer>
        queryKey={[...customersKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="ID"
        csv={{ fileName: datedFileName('customers'), columns: CSV_COLUMNS }}
        testId="customers-table"
      />
      <CustomerFormModal open={form !== undefined} editing={form?.editing} onClose={() => setForm(undefined)} />
    </PageFrame>
  );
}
