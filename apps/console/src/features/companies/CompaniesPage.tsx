import { PlusOutlined } from '@ant-design/icons';
import { type Company, OPERATOR_TYPES } from '@pitboss/contract';
import { Button, Form, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { PageFrame } from '../../components/PageFrame';
import { SearchForm } from '../../components/SearchForm';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { displaySeededName } from '../../lib/seeded-names';
import { isoInZone } from '../../lib/time-zone';
import { CompanyFormModal } from './CompanyFormModal';
import { type CompanyFilters, companiesKey, fetchCompaniesPage } from './queries/list-companies';

const CSV_COLUMNS: CsvColumn<Company>[] = [
  { title: 'CID', value: (c) => c.CID },
  { title: 'Name', value: (c) => c.Name },
  { title: 'OperatorType', value: (c) => c.OperatorType },
  { title: 'BaseCurrency', value: (c) => c.BaseCurrency },
  { title: 'TimeZone', value: (c) => c.TimeZone },
  { title: 'Active', value: (c) => (c.Active ? 1 : 0) },
  { title: 'Admins', value: (c) => c.Admins },
  { title: 'CreateDate', value: (c) => isoInZone(c.CreateDate) },
];

/** Company administration (`/setting/companies`, the special administrator only). */
export function CompaniesPage() {
  const { t } = useTranslation('companies');
  const [filters, setFilters] = useState<CompanyFilters>({});
  const [form, setForm] = useState<{ editing?: Company } | undefined>();
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchCompaniesPage(filters, request, signal),
    [filters],
  );

  const columns = [
    { title: t('columns.cid'), dataIndex: 'CID' },
    { title: t('columns.name'), dataIndex: 'Name', render: (name: string) => displaySeededName(t, name) },
    {
      title: t('columns.operatorType'),
      dataIndex: 'OperatorType',
      render: (type: Company['OperatorType']) => t(`types.${OPERATOR_TYPES[type]}`),
    },
    { title: t('columns.baseCurrency'), dataIndex: 'BaseCurrency' },
    { title: t('columns.timeZone'), dataIndex: 'TimeZone' },
    {
      title: t('columns.active'),
      dataIndex: 'Active',
      render: (active: boolean) =>
        active ? <Tag color="green">{t('active')}</Tag> : <Tag color="default">{t('inactive')}</Tag>,
    },
    { title: t('columns.admins'), dataIndex: 'Admins', align: 'right' as const },
    { title: t('columns.created'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_: unknown, c: Company) => (
        <Button size="small" type="link" onClick={() => setForm({ editing: c })}>
          {t('edit')}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame
      description={t('description')}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})}>
          {t('add')}
        </Button>
      }
    >
      <SearchForm<CompanyFilters> onSearch={({ Name }) => setFilters({ Name: Name?.trim() || undefined })}>
        <Form.Item name="Name" label={t('columns.name')} style={{ width: 260 }}>
          <Input allowClear />
        </Form.Item>
      </SearchForm>
      <DataTable<Company>
        queryKey={[...companiesKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="CID"
        csv={{ fileName: datedFileName('companies'), columns: CSV_COLUMNS }}
        testId="companies-table"
      />
      <CompanyFormModal open={form !== undefined} editing={form?.editing} onClose={() => setForm(undefined)} />
    </PageFrame>
  );
}
