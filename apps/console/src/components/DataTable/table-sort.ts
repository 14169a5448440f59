import type { ColumnsType, ColumnType, SorterResult, SortOrder } from 'antd/es/table/interface';

/**
 * The server sorts (`"<Field> Desc|Asc"`); the table only shows it. A sortable column sets
 * `sorter: true`; its server field is its `key`, else its `dataIndex` (Ant Design's column key).
 */

export function sortFieldOf<T>(column: ColumnType<T>): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const index = column.dataIndex;
  if (index === undefined || index === null) return undefined;
  return Array.isArray(index) ? index.join('.') : String(index);
}

/** The sort parameter of a table change; undefined when the user cleared the sort. */
export function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return undefined;
  const field =
    first.columnKey !== undefined
      ? String(first.columnKey)
      : Array.isArray(first.field)
        ? first.field.join('.')
        : String(first.field ?? '');
  return field ? `${field} ${first.order === 'ascend' ? 'Asc' : 'Desc'}` : undefined;
}

function parseSort(sort: string | undefined): { field?: string; order?: SortOrder } {
  const [field, order] = (sort ?? '').trim().split(/\s+/);
  if (!field) return {};
  return { field, order: order === 'Asc' ? 'ascend' : 'descend' };
}

/**
 * The columns with the current sort shown (controlled `sortOrder`). The column of the default sort
 * toggles between its two directions: clearing it would only bring the default back.
 */
export function withSortOrder<T>(
  columns: ColumnsType<T>,
  sort: string | undefined,
  defaultSort?: string,
): ColumnsType<T> {
  const current = parseSort(sort);
  const fallback = parseSort(defaultSort);
  return columns.map((column) => {
    if (!('sorter' in column) || !column.sorter) return column;
    const field = sortFieldOf(column);
    const sortOrder = field !== undefined && field === current.field ? (current.order ?? null) : null;
    if (field !== undefined && field === fallback.field) {
      const first: SortOrder = fallback.order === 'ascend' ? 'ascend' : 'descend';
      const second: SortOrder = first === 'ascend' ? 'descend' : 'ascend';
      return { ...column, sortOrder, sortDirections: [first, second, first] };
    }
    return { ...column, sortOrder };
  });
}
