import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import type { CsvColumn } from '../../lib/csv';
import type { DataPage, PageRequest } from '../../lib/list-page';
import { BulkAddModal, type BulkAddModalProps } from '../BulkAdd';
import { DataTable } from '../DataTable';
import { IconAction } from '../IconAction';
import { SearchForm } from '../SearchForm';

/** What a bulk removal answers (the lists' `Removed` and `NotListed`). */
export interface RemovedAnswer {
  Removed: string[];
  NotListed: string[];
}

export interface ListPanelProps<T extends object, F extends object> {
  /** Query-key prefix starting with the list's websocket key, e.g. `['blacklist', 'members']`. */
  queryKey: readonly unknown[];
  fetchPage: (filters: F, request: PageRequest, signal: AbortSignal) => Promise<DataPage<T>>;
  columns: ColumnsType<T>;
  /** The entry's value: a member ID, an address. */
  rowKey: keyof T & string;
  defaultSort: string;
  csv: { fileName: string; columns: CsvColumn<T>[] };
  /** The filter fields (`Form.Item`s named after keys of F). */
  filterFields: ReactNode;
  /** Tidies the form's values into filters (blank → undefined). */
  toFilters: (values: F) => F;
  /** Admins and editors: add, edit and delete controls. */
  canEdit: boolean;
  addLabel: string;
  add: Omit<BulkAddModalProps, 'open' | 'onClose'>;
  remove: (keys: string[]) => Promise<RemovedAnswer>;
  /** "member m1", "3 members": what the confirmation names. */
  removeWhat: (keys: string[]) => string;
  /** What to know before removing, shown in the confirmation. */
  removeDetails?: ReactNode;
  /** Row actions before Delete, e.g. Edit. */
  rowActions?: (row: T) => ReactNode;
  testId?: string;
}

/**
 * A list of entries (player blacklist and whitelist, IP whitelist): search, sort, page, export; for
 * editors add one or many (paste or CSV file, with a preview and the server's answer) and delete one
 * or many with confirmation.
 */
export function ListPanel<T extends object, F extends object>(props: ListPanelProps<T, F>) {
  const { t } = useTranslation('lists');
  const confirmDelete = useConfirmDelete();
  const [filters, setFilters] = useState<F>({} as F);
  const [adding, setAdding] = useState(false);
  const { fetchPage: fetchFiltered, remove, rowKey } = props;
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchFiltered(filters, request, signal),
    [fetchFiltered, filters],
  );
  const keyOf = (row: T) => String(row[rowKey]);

  const askRemove = (keys: string[], done?: () => void) =>
    confirmDelete({
      what: props.removeWhat(keys),
      details: props.removeDetails,
      onConfirm: async () => {
        const result = await remove(keys);
        done?.();
        return result;
      },
      doneMessage: (result) => {
        const { Removed, NotListed } = result as RemovedAnswer;
        return NotListed.length
          ? t('lists.removedSome', { removed: Removed.length, notListed: NotListed.length })
          : t('lists.removed', { removed: Removed.length });
      },
    });

  const columns: ColumnsType<T> = props.canEdit
    ? [
        ...props.columns,
        {
          title: t('lists.actions'),
          key: 'actions',
          fixed: 'right',
          render: (_: unknown, row: T) => (
            <Flex gap={4}>
              {props.rowActions?.(row)}
              <IconAction
                icon={<DeleteOutlined />}
                title={t('actions.delete')}
                target={keyOf(row)}
                danger
                onClick={() => askRemove([keyOf(row)])}
              />
            </Flex>
          ),
        },
      ]
    : props.columns;

  return (
    <Flex vertical gap="middle" data-testid={props.testId}>
      <SearchForm<F> onSearch={(values) => setFilters(props.toFilters(values))}>{props.filterFields}</SearchForm>
      <DataTable<T>
        queryKey={[...props.queryKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={rowKey}
        defaultSort={props.defaultSort}
        csv={props.csv}
        toolbar={
          props.canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-entries">
              {props.addLabel}
            </Button>
          )
        }
        selection={
          props.canEdit
            ? {
                actions: (rows, clear) => (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => askRemove(rows.map(keyOf), clear)}
                    data-testid="delete-selected"
                  >
                    {t('lists.deleteSelected', { count: rows.length })}
                  </Button>
                ),
              }
            : undefined
        }
      />
      {props.canEdit && <BulkAddModal open={adding} onClose={() => setAdding(false)} {...props.add} />}
    </Flex>
  );
}
