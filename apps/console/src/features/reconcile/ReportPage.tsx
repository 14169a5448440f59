import { DownloadOutlined } from '@ant-design/icons';
import type { ReconcileReport } from '@pitboss/contract';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Segmented,
  Select,
  Skeleton,
  Table,
  Typography,
  theme,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { QueryError } from '../../components/QueryError';
import { SearchForm } from '../../components/SearchForm';
import { companyNow } from '../../lib/time-zone';
import { CustomersSelect } from './CustomersSelect';
import { formatMoney, MONTH_FORMAT } from './money';
import { type ReportFilters, useReconcileReportQuery } from './queries/use-reconcile-report-query';
import {
  detailSheet,
  REPORT_MEASURES,
  type ReportLine,
  type ReportMeasure,
  reportBlocks,
  reportSheet,
  totalsSheet,
} from './report-table';
import { StatusTag } from './StatusTag';

interface SearchValues {
  From: Dayjs;
  To: Dayjs;
  CustomerIDs?: number[];
  GameIDs?: string[];
}

function defaultFilters(): ReportFilters {
  const now = companyNow();
  return { From: now.subtract(2, 'month').format(MONTH_FORMAT), To: now.format(MONTH_FORMAT) };
}

/**
 * Report (`/reconcile/report`): months side by side per customer and game (frozen months show the
 * billed figures), with adjustments, totals and commission; export as CSV or XLSX.
 */
export function ReportPage() {
  const { t, i18n } = useTranslation('reconcile');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [filters, setFilters] = useState<ReportFilters>(defaultFilters);
  const [measure, setMeasure] = useState<ReportMeasure>('GGR');
  const [exporting, setExporting] = useState(false);
  const query = useReconcileReportQuery(filters);
  const report = query.data;
  const isMoney = measure !== 'Rounds' && measure !== 'Players';
  /** A figure of a block: amounts with the decimals of the block's currency (the customer's). */
  const show = (n: number | null, currency: string) =>
    n === null
      ? '—'
      : isMoney && !currency.includes('/')
        ? formatMoney(n, currency, i18n.language)
        : n.toLocaleString(i18n.language);
  const label = (line: ReportLine) => (line.kind === 'game' ? (line.game ?? '') : t(`report.lines.${line.kind}`));

  const sheetOf = (r: ReconcileReport) =>
    reportSheet(
      r,
      measure,
      {
        customer: t('report.customer'),
        currency: t('workflow.currency'),
        line: t('report.line'),
        sum: t('report.sum'),
      },
      label,
    );
  const fileName = (ext: string) => `reconcile-report-${filters.From}-${filters.To}.${ext}`;

  const exportCsv = async (r: ReconcileReport) => {
    const { toCsv, downloadText } = await import('../../lib/csv');
    const [header, ...rows] = sheetOf(r);
    const columns = (header ?? []).map((title, i) => ({ title: String(title), value: (row: unknown[]) => row[i] }));
    downloadText(fileName('csv'), toCsv(columns, rows));
  };
  const exportXlsx = async (r: ReconcileReport) => {
    const { writeXlsx, downloadXlsx } = await import('./xlsx');
    const file = await writeXlsx([
      { name: t(`report.measures.${measure}`), rows: sheetOf(r) },
      { name: 'Games', rows: detailSheet(r) },
      { name: 'Totals', rows: totalsSheet(r) },
    ]);
    downloadXlsx(fileName('xlsx'), file);
  };
  const runExport = async (kind: 'csv' | 'xlsx') => {
    if (!report) return;
    setExporting(true);
    try {
      await (kind === 'csv' ? exportCsv(report) : exportXlsx(report));
    } catch (error) {
      void message.error(t('report.exportFailed', { message: (error as Error).message }));
    } finally {
      setExporting(false);
    }
  };

  const blocks = report ? reportBlocks(report, measure) : [];
  const columns = (statuses: (string | null)[], currency: string): ColumnsType<ReportLine> => [
    {
      title: t('report.line'),
      key: 'line',
      fixed: 'left',
      render: (_: unknown, line: ReportLine) =>
        line.kind === 'game' ? line.game : <Typography.Text strong>{t(`report.lines.${line.kind}`)}</Typography.Text>,
    },
    ...(report?.Months ?? []).map((month, i) => ({
      title: (
        <Flex vertical align="flex-end" gap={2}>
          <span>{month}</span>
          {statuses[i] ? <StatusTag status={statuses[i] as '0'} /> : null}
        </Flex>
      ),
      key: month,
      align: 'right' as const,
      render: (_: unknown, line: ReportLine) => show(line.values[i] ?? null, currency),
    })),
    {
      title: t('report.sum'),
      key: 'sum',
      align: 'right',
      render: (_: unknown, line: ReportLine) => <Typography.Text strong>{show(line.sum, currency)}</Typography.Text>,
    },
  ];

  return (
    <PageFrame
      description={t('report.description')}
      toolbar={
        <Flex gap="small">
          <Button icon={<DownloadOutlined />} disabled={!report || exporting} onClick={() => void runExport('csv')}>
            {t('report.exportCsv')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!report || exporting}
            onClick={() => void runExport('xlsx')}
            data-testid="report-export-xlsx"
          >
            {t('report.exportXlsx')}
          </Button>
        </Flex>
      }
    >
      <SearchForm<SearchValues>
        initialValues={{ From: companyNow().subtract(2, 'month'), To: companyNow() }}
        onSearch={(v) =>
          setFilters({
            From: v.From.format(MONTH_FORMAT),
            To: v.To.format(MONTH_FORMAT),
            CustomerIDs: v.CustomerIDs?.length ? v.CustomerIDs.join(',') : undefined,
            GameIDs: v.GameIDs?.length ? v.GameIDs.join(',') : undefined,
          })
        }
      >
        <Form.Item name="From" label={t('report.from')} style={{ width: 150 }} rules={[{ required: true }]}>
          <DatePicker
            picker="month"
            format={MONTH_FORMAT}
            allowClear={false}
            disabledDate={(d) => d.isAfter(companyNow(), 'month')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="To"
          label={t('report.to')}
          style={{ width: 150 }}
          dependencies={['From']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const from = getFieldValue('From') as Dayjs | undefined;
                if (!value || !from) return Promise.resolve();
                if (value.isBefore(from, 'month')) return Promise.reject(new Error(t('report.toBeforeFrom')));
                if (value.diff(from, 'month') >= 36) return Promise.reject(new Error(t('report.tooLong')));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker
            picker="month"
            format={MONTH_FORMAT}
            allowClear={false}
            disabledDate={(d) => d.isAfter(companyNow(), 'month')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="CustomerIDs" label={t('workflow.customers')} style={{ width: 260 }}>
          <CustomersSelect multiple />
        </Form.Item>
        <Form.Item name="GameIDs" label={t('report.games')} extra={t('report.gamesHelp')} style={{ width: 220 }}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      </SearchForm>
      <Flex vertical gap={token.marginMD}>
        <Flex gap="small" align="center" wrap>
          <Typography.Text>{t('report.measure')}</Typography.Text>
          <Segmented<ReportMeasure>
            value={measure}
            onChange={setMeasure}
            options={REPORT_MEASURES.map((m) => ({ value: m, label: t(`report.measures.${m}`) }))}
          />
          {report && (
            <Typography.Text type="secondary">{t('report.currency', { base: report.BaseCurrency })}</Typography.Text>
          )}
        </Flex>
        {query.isPending && <Skeleton active />}
        {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
        {report && blocks.length === 0 && <Empty description={t('report.empty')} />}
        {blocks.map((block) => (
          <Card
            key={block.customerId}
            size="small"
            title={block.businessName}
            extra={<Typography.Text data-testid="report-currency">{block.currency}</Typography.Text>}
            data-testid="report-customer"
          >
            <Table<ReportLine>
              size="small"
              rowKey="key"
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={columns(block.statuses, block.currency)}
              dataSource={block.lines}
            />
          </Card>
        ))}
      </Flex>
    </PageFrame>
  );
}
