import type { DataPage, PageRequest } from './list-page';

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** One CSV cell: quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets never run it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (with a BOM so spreadsheet programs read UTF-8) of `rows`. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export interface CollectOptions<T> {
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<DataPage<T>>;
  sort?: string | undefined;
  /** Rows per request; the server accepts up to 1000. */
  pageSize?: number;
  /** At most this many rows are exported. */
  maxRows?: number;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export const CSV_PAGE_SIZE = 1000;
export const CSV_MAX_ROWS = 100_000;

/**
 * Every row of the current query, page after page, up to `maxRows`. Resolves to the rows and whether
 * the cap cut the export short; stops when aborted.
 */
export async function collectRows<T>(
  options: CollectOptions<T>,
): Promise<{ rows: T[]; total: number; capped: boolean }> {
  const pageSize = options.pageSize ?? CSV_PAGE_SIZE;
  const maxRows = options.maxRows ?? CSV_MAX_ROWS;
  const rows: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; rows.length < Math.min(total, maxRows); page += 1) {
    options.signal.throwIfAborted();
    const result = await options.fetchPage({ page, pageSize, sort: options.sort }, options.signal);
    total = result.total;
    rows.push(...result.rows);
    options.onProgress?.(Math.min(rows.length, maxRows), Math.min(total, maxRows));
    if (result.rows.length < pageSize) break;
  }
  return { rows: rows.slice(0, maxRows), total, capped: total > maxRows };
}

/** Offers `text` as a download named `fileName`. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
