import { PlusOutlined } from '@ant-design/icons';
import { RECONCILE_STATUSES, type ReconcileStatus, type ReconcileWorkflow } from '@pitboss/contract';
import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { PageFrame } from '../../components/PageFrame';
import { SearchForm } from '../../components/SearchForm';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { companyNow, isoInZone } from '../../lib/time-zone';
import { CustomersSelect } from './CustomersSelect';
import { formatMoney, MONTH_FORMAT } from './money';
import { OpenWorkflowModal } from './OpenWorkflowModal';
import { fetchWorkflowsPage, type WorkflowFilters, workflowsKey } from './queries/list-workflows';
import { StatusTag } from './StatusTag';
import { WorkflowDrawer } from './WorkflowDrawer';

const CSV_COLUMNS: CsvColumn<ReconcileWorkflow>[] = [
  { title: 'ID', value: (w) => w.ID },
  { title: 'CustomerID', value: (w) => w.CustomerID },
  { title: 'BusinessName', value: (w) => w.BusinessName },
  { title: 'Month', value: (w) => w.Month },
  { title: 'Status', value: (w) => w.Status },
  { title: 'Currency', value: (w) => w.Currency },
  { title: 'Rate', value: (w) => w.Rate },
  { title: 'RateDate', value: (w) => w.RateDate },
  { title: 'BaseCurrency', value: (w) => w.BaseCurrency },
  { title: 'Rounds', value: (w) => w.Rounds },
  { title: 'Players', value: (w) => w.Players },
  { title: 'Turnover', value: (w) => w.Turnover },
  { title: 'Payout', value: (w) => w.Payout },
  { title: 'GGR', value: (w) => w.GGR },
  { title: 'Adjustments', value: (w) => w.Adjustments },
  { title: 'Total', value: (w) => w.Total },
  { title: 'CommissionDue', value: (w) => w.CommissionDue },
  { title: 'FrozenAt', value: (w) => isoInZone(w.FrozenAt) },
  { title: 'UpdateDate', value: (w) => isoInZone(w.UpdateDate) },
];

interface SearchValues {
  Month?: Dayjs | null;
  CustomerIDs?: number[];
  Status?: ReconcileStatus;
}

/**
 * Workflow (`/reconcile/workflow`): one reconciliation per customer and month, by month, customer
 * and status; open and compute a month; the detail drawer takes it through its states.
 */
export function WorkflowPage() {
  const { t, i18n } = useTranslation('reconcile');
  const [filters, setFilters] = useState<WorkflowFilters>({});
  const [opening, setOpening] = useState(false);
  const [detail, setDetail] = useState<number>();
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchWorkflowsPage(filters, request, signal),
    [filters],
  );
  const money = (n: number | null, w: ReconcileWorkflow) => formatMoney(n, w.Currency, i18n.language);
  const columns = [
    {
      title: t('workflow.customer'),
      dataIndex: 'BusinessName',
      render: (name: string, w: ReconcileWorkflow) => (
        <Button type="link" size="small" onClick={() => setDetail(w.ID)} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    { title: t('workflow.month'), dataIndex: 'Month' },
    { title: t('workflow.status'), dataIndex: 'Status', render: (s: ReconcileStatus) => <StatusTag status={s} /> },
    { title: t('figures.rounds'), dataIndex: 'Rounds', align: 'right' as const },
    { title: t('figures.players'), dataIndex: 'Players', align: 'right' as const },
    { title: t('figures.turnover'), dataIndex: 'Turnover', align: 'right' as const, render: money },
    { title: t('figures.ggr'), dataIndex: 'GGR', align: 'right' as const, render: money },
    { title: t('figures.adjustments'), dataIndex: 'Adjustments', align: 'right' as const, render: money },
    { title: t('figures.total'), dataIndex: 'Total', align: 'right' as const, render: money },
    { title: t('figures.commission'), dataIndex: 'CommissionDue', align: 'right' as const, render: money },
    { title: t('workflow.currency'), dataIndex: 'Currency' },
    { title: t('workflow.updated'), dataIndex: 'UpdateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('customer.actions'),
      key: 'actions',
      render: (_: unknown, w: ReconcileWorkflow) => (
        <Button size="small" type="link" onClick={() => setDetail(w.ID)} data-testid="workflow-open-detail">
          {t('workflow.details')}
        </Button>
      ),
    },
  ];
  return (
    <PageFrame
      description={t('workflow.description')}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpening(true)} data-testid="workflow-open">
          {t('workflow.open')}
        </Button>
      }
    >
      <SearchForm<SearchValues>
        onSearch={(v) =>
          setFilters({
            Month: v.Month ? v.Month.format(MONTH_FORMAT) : undefined,
            CustomerIDs: v.CustomerIDs?.length ? v.CustomerIDs.join(',') : undefined,
            Status: v.Status,
          })
        }
      >
        <Form.Item name="Month" label={t('workflow.month')} style={{ width: 160 }}>
          <DatePicker
            picker="month"
            format={MONTH_FORMAT}
            disabledDate={(d) => d.isAfter(companyNow(), 'month')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="CustomerIDs" label={t('workflow.customers')} style={{ width: 280 }}>
          <CustomersSelect multiple />
        </Form.Item>
        <Form.Item name="Status" label={t('workflow.status')} style={{ width: 180 }}>
          <Select allowClear options={RECONCILE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
      </SearchForm>
      <DataTable<ReconcileWorkflow>
        queryKey={[...workflowsKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="ID"
        scrollX={1300}
        csv={{ fileName: datedFileName('reconciliations'), columns: CSV_COLUMNS }}
        testId="workflows-table"
      />
      <OpenWorkflowModal
        open={opening}
        onClose={() => setOpening(false)}
        onOpened={(id) => {
          setOpening(false);
          setDetail(id);
        }}
      />
      <WorkflowDrawer workflowId={detail} onClose={() => setDetail(undefined)} />
    </PageFrame>
  );
}
