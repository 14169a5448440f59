import { DEFAULT_PAGE_SIZE } from '@pitboss/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvColumn } from '../../lib/csv';
import type { DataPage, PageRequest } from '../../lib/list-page';
import { CsvExportButton } from './CsvExportButton';

export interface DataTableProps<T> {
  /** Query-key prefix, starting with the domain (`['blacklist', 'members', filters]`): websocket
   *  `invalidate` messages and mutations refetch by it. */
  queryKey: readonly unknown[];
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<DataPage<T>>;
  /** Sortable columns set `sorter: true` and a `dataIndex` naming the server's sort field. */
  columns: ColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  /** `"<Field> Desc|Asc"`, e.g. spec §9 `'CreateDate Desc'`. */
  defaultSort?: string;
  defaultPageSize?: number;
  /** CSV export of the current query across all pages. */
  csv?: { fileName: string; columns: CsvColumn<T>[]; maxRows?: number };
  /** Buttons at the left of the table's toolbar (the export button sits at the right). */
  toolbar?: ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  scrollX?: number | string;
}

function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return undefined;
  const field = Array.isArray(first.field) ? first.field.join('.') : String(first.field ?? first.columnKey ?? '');
  return field ? `${field} ${first.order === 'ascend' ? 'Asc' : 'Desc'}` : undefined;
}

/**
 * The list every screen shows: server-side paging (default 25 rows) and sorting, the shared empty
 * state, a translated error with a retry, and an optional CSV export of the whole query.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<PageRequest>({
    page: 1,
    pageSize: props.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    sort: props.defaultSort,
  });
  const query = useQuery({
    queryKey: [...props.queryKey, request],
    queryFn: ({ signal }) => props.fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const sort = sortOf(sorter) ?? props.defaultSort;
    setRequest((current) => ({
      page: sort !== current.sort ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? current.pageSize,
      sort,
    }));
  };

  return (
    <Flex vertical gap="small">
      {(props.toolbar || props.csv) && (
        <Flex justify="space-between" wrap gap="small">
          <Flex wrap gap="small">
            {props.toolbar}
          </Flex>
          {props.csv && (
            <CsvExportButton
              fetchPage={props.fetchPage}
              sort={request.sort}
              fileName={props.csv.fileName}
              columns={props.csv.columns}
              maxRows={props.csv.maxRows}
              disabled={!query.data?.total}
            />
          )}
        </Flex>
      )}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('table.loadFailed')}
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          }
          data-testid="table-error"
        />
      )}
      <Table<T>
        columns={props.columns}
        rowKey={props.rowKey}
        dataSource={query.data?.rows ?? []}
        loading={query.isFetching}
        rowSelection={props.rowSelection}
        onChange={onChange}
        scroll={{ x: props.scrollX ?? 'max-content' }}
        pagination={{
          current: request.page,
          pageSize: request.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 25, 50, 100],
          showTotal: (total) => t('table.total', { total }),
        }}
      />
    </Flex>
  );
}
