import type { ListEnvelope } from '@pitboss/contract';

/** One page of rows and the total over all pages: what `DataTable` asks a screen's fetcher for. */
export interface DataPage<T> {
  rows: T[];
  total: number;
}

/** Page, page size and sort (`"<Field> Desc|Asc"`) as the spec's list calls take them. */
export interface PageRequest {
  page: number;
  pageSize: number;
  sort?: string | undefined;
}

/** The spec's list envelope as a page: `data.recordset` and the total `cnt`. */
export function pageFromEnvelope<T>(envelope: ListEnvelope<T>): DataPage<T> {
  const rows = envelope.data.recordset;
  const cnt = envelope.cnt ?? envelope.data.output.cnt;
  return { rows, total: typeof cnt === 'number' ? cnt : rows.length };
}
