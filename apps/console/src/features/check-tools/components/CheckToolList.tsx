import type { CheckExportFormat, ListEnvelope } from '@pitboss/contract';
import { App, Button, Descriptions, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, DataTable, pageFromEnvelope } from '../../../components/DataTable';
import { datedFileName } from '../../../lib/format';

/** One figure of the totals row: its label and how to show it. */
export interface TotalField {
  key: string;
  label: string;
  format: (value: number) => string;
}

export interface CheckToolListProps<T> {
  /** The table's identity: the call's name and the filters it was asked with. */
  queryKey: readonly unknown[];
  /**
   * One page; with `Export`, the whole result as a file the browser downloads (the page spreads `page`
   * into the body and calls through `checkCall`).
   */
  fetch: (
    page: { PageNumber: number; PageSize: number; sort?: string; Export?: CheckExportFormat },
    signal: AbortSignal,
  ) => Promise<ListEnvelope<T>>;
  columns: ColumnsType<T>;
  csvColumns: CsvColumn<T>[];
  rowKey: (keyof T & string) | ((row: T) => Key);
  defaultSort: string;
  defaultPageSize?: number;
  fileName: string;
  title?: string;
  totals?: TotalField[];
  testId?: string;
}

/**
 * A check-tool list: server-side paging and sort, the totals over every row (the call's
 * `data.output.Totals`, shown above the table), the table's CSV export of the shown columns, and the
 * server's export of the whole result (every column, CSV or XLSX, streamed by the server).
 */
export function CheckToolList<T extends object>(props: CheckToolListProps<T>) {
  const { t } = useTranslation('check-tools');
  const { message } = App.useApp();
  const [totals, setTotals] = useState<Record<string, number> | null>(null);
  const [exporting, setExporting] = useState<CheckExportFormat | null>(null);
  const sort = useRef<string | undefined>(undefined);
  const exportAll = async (format: CheckExportFormat) => {
    setExporting(format);
    try {
      await props.fetch(
        { PageNumber: 1, PageSize: 1, ...(sort.current ? { sort: sort.current } : {}), Export: format },
        new AbortController().signal,
      );
    } catch (error) {
      message.error(`${t('export.failed')}: ${(error as Error).message}`);
    } finally {
      setExporting(null);
    }
  };
  return (
    <Flex vertical gap="small" data-testid={props.testId}>
      <Flex justify="space-between" align="center" wrap gap="small">
        {props.title ? <Typography.Title level={5}>{props.title}</Typography.Title> : <span />}
        <Flex gap="small">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              size="small"
              loading={exporting === format}
              disabled={exporting !== null && exporting !== format}
              onClick={() => void exportAll(format)}
            >
              {t(`export.${format}`)}
            </Button>
          ))}
        </Flex>
      </Flex>
      {props.totals && totals && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 4, xl: 6 }}
          title={t('totals')}
          data-testid="check-totals"
          items={props.totals.map((f) => ({
            key: f.key,
            label: f.label,
            children: typeof totals[f.key] === 'number' ? f.format(totals[f.key] as number) : '—',
          }))}
        />
      )}
      <DataTable<T>
        queryKey={['check-tools', ...props.queryKey]}
        fetchPage={async (request, signal) => {
          sort.current = request.sort;
          const envelope = await props.fetch(
            { PageNumber: request.page, PageSize: request.pageSize, ...(request.sort ? { sort: request.sort } : {}) },
            signal,
          );
          if (request.page === 1 || totals === null) {
            setTotals((envelope.data.output.Totals as Record<string, number> | undefined) ?? null);
          }
          return pageFromEnvelope(envelope);
        }}
        columns={props.columns}
        rowKey={props.rowKey}
        defaultSort={props.defaultSort}
        {...(props.defaultPageSize ? { defaultPageSize: props.defaultPageSize } : {})}
        csv={{ fileName: datedFileName(props.fileName), columns: props.csvColumns }}
      />
    </Flex>
  );
}
