import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { CsvColumn } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import { formatCount, formatMoney, formatRatio } from './check-filters';
import type { TotalField } from './components/CheckToolList';

type T = TFunction<'check-tools'>;
type Row = object;

/** How a field is shown: as money (base currency), a count, a ratio, a time or text. */
export type Kind = 'money' | 'count' | 'ratio' | 'time' | 'text';

const FORMAT: Record<Kind, (v: unknown) => string> = {
  money: (v) => formatMoney(v as number | null),
  count: (v) => formatCount(v as number | null),
  ratio: (v) => formatRatio(v as number | null),
  time: (v) => (v ? formatDateTime(v as string) : '—'),
  text: (v) => (Array.isArray(v) ? v.join(', ') : String(v ?? '')),
};

/** A table column for `field` labelled `columns.<field>`; sortable when `sortable`. */
export function col<R extends Row>(
  t: T,
  field: keyof R & string,
  kind: Kind,
  options: { sortable?: boolean; render?: ColumnType<R>['render'] } = {},
): ColumnType<R> {
  return {
    title: t(`columns.${field}`),
    dataIndex: field,
    key: field,
    sorter: options.sortable ?? false,
    align: kind === 'money' || kind === 'count' || kind === 'ratio' ? 'right' : 'left',
    render: options.render ?? ((value: unknown) => FORMAT[kind](value)),
  };
}

/** CSV columns for these fields: numbers as they are, times ISO 8601 with the company's offset. */
export function csvOf<R extends Row>(t: T, fields: [keyof R & string, Kind][]): CsvColumn<R>[] {
  return fields.map(([field, kind]) => ({
    title: t(`columns.${field}`),
    value: (row: R) => {
      const v = (row as Record<string, unknown>)[field];
      if (kind === 'time') return isoInZone(v as string | null);
      if (Array.isArray(v)) return v.join(' ');
      return v as string | number;
    },
  }));
}

export function totalsOf(t: T, fields: [string, Kind][]): TotalField[] {
  return fields.map(([key, kind]) => ({ key, label: t(`columns.${key}`), format: (v) => FORMAT[kind](v) }));
}
