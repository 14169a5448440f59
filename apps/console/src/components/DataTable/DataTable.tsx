import { DEFAULT_PAGE_SIZE } from '@pitboss/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, type TableProps, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvColumn } from '../../lib/csv';
import type { DataPage, PageRequest } from '../../lib/list-page';
import { QueryError } from '../QueryError';
import { CsvExportButton } from './CsvExportButton';
import { sortOf, withSortOrder } from './table-sort';

export interface DataTableSelection<T> {
  /** Bulk actions on the selected rows (kept across pages), e.g. delete; call `clear` when done. */
  actions: (selected: T[], clear: () => void) => ReactNode;
}

export interface DataTableProps<T> {
  /** Query-key prefix, starting with the domain (`['blacklist', 'members', filters]`): websocket
   *  `invalidate` messages and mutations refetch by it. A change of it (new filters) goes back to
   *  page 1 and clears the selection. */
  queryKey: readonly unknown[];
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<DataPage<T>>;
  /** Sortable columns set `sorter: true`; the server's sort field is the column's `key`, else its
   *  `dataIndex`. The current sort is shown on its column. */
  columns: ColumnsType<T>;
  /** A field name, or a function of the row. */
  rowKey: (keyof T & string) | ((row: T) => Key);
  /** `"<Field> Desc|Asc"`, e.g. spec §9 `'CreateDate Desc'`. */
  defaultSort?: string;
  defaultPageSize?: number;
  /** CSV export of the current query across all pages. */
  csv?: { fileName: string; columns: CsvColumn<T>[]; maxRows?: number };
  /** Buttons at the left of the table's toolbar (the export button sits at the right). */
  toolbar?: ReactNode;
  /** Check boxes and bulk actions; leave out for read-only users. */
  selection?: DataTableSelection<T>;
  /** Ant Design's own row selection, for a screen that manages it itself (ignored with `selection`). */
  rowSelection?: TableProps<T>['rowSelection'];
  scrollX?: number | string;
  /** Row height; lists default to `middle`, dense enough for a day of risk work on one screen. */
  size?: TableProps<T>['size'];
  testId?: string;
}

/**
 * The list every screen shows: server-side paging (default 25 rows) and sorting, the shared empty
 * state, a translated error with a retry, optional row selection with bulk actions, and an optional
 * CSV export of the whole query.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<PageRequest>({
    page: 1,
    pageSize: props.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    sort: props.defaultSort,
  });
  const [selected, setSelected] = useState<T[]>([]);
  // New filters: back to page 1, and forget rows selected under the old ones.
  const filterKey = JSON.stringify(props.queryKey);
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    setRequest((current) => ({ ...current, page: 1 }));
    setSelected([]);
  }

  const query = useQuery({
    queryKey: [...props.queryKey, request],
    queryFn: ({ signal }) => props.fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });

  // After a deletion the page may lie beyond the end: show the last one instead.
  const total = query.data?.total ?? 0;
  const emptyPage = !query.isPlaceholderData && query.data?.rows.length === 0;
  useEffect(() => {
    if (emptyPage && total > 0 && request.page > 1) {
      setRequest((current) => ({ ...current, page: Math.max(1, Math.ceil(total / current.pageSize)) }));
    }
  }, [emptyPage, total, request.page]);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const sort = sortOf(sorter) ?? props.defaultSort;
    setRequest((current) => ({
      page: sort !== current.sort ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? current.pageSize,
      sort,
    }));
  };

  const clear = () => setSelected([]);
  const { rowKey } = props;
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));
  const selectedKeys = selected.map(keyOf);
  const hasToolbar = props.toolbar || props.csv || selected.length > 0;

  return (
    <Flex vertical gap="small" data-testid={props.testId}>
      {hasToolbar && (
        <Flex justify="space-between" wrap gap="small">
          <Flex wrap gap="small" align="center">
            {props.toolbar}
            {props.selection && selected.length > 0 && (
              <Flex wrap gap="small" align="center" data-testid="table-selection">
                <Typography.Text type="secondary">{t('table.selected', { count: selected.length })}</Typography.Text>
                {props.selection.actions(selected, clear)}
                <Button type="link" size="small" onClick={clear}>
                  {t('table.clearSelection')}
                </Button>
              </Flex>
            )}
          </Flex>
          {props.csv && (
            <CsvExportButton
              fetchPage={props.fetchPage}
              sort={request.sort}
              fileName={props.csv.fileName}
              columns={props.csv.columns}
              maxRows={props.csv.maxRows}
              disabled={!total}
            />
          )}
        </Flex>
      )}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      <Table<T>
        columns={withSortOrder(props.columns, request.sort, props.defaultSort)}
        rowKey={props.rowKey}
        size={props.size ?? 'middle'}
        dataSource={query.data?.rows ?? []}
        // A spinner for a new page or filter, not for a refetch behind live data (websocket invalidations).
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        rowSelection={
          props.selection
            ? {
                selectedRowKeys: selectedKeys,
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter((row): row is T => row !== undefined)),
              }
            : props.rowSelection
        }
        onChange={onChange}
        scroll={{ x: props.scrollX ?? 'max-content' }}
        pagination={{
          current: request.page,
          pageSize: request.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 25, 50, 100],
          showTotal: (count) => t('table.total', { count }),
        }}
      />
    </Flex>
  );
}
