import Papa from 'papaparse';
import type { DataPage, PageRequest } from './list-page';

/**
 * Writing the console's CSV exports through papaparse, page by page as the rows arrive. Screens
 * import this module when an export starts (`CsvExportButton`), so papaparse is never in a screen's
 * or the login page's first download; elsewhere only the `CsvColumn` type is imported.
 */

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** A leading =, +, - or @ (or tab, CR) is neutralised with `'` so spreadsheets never run it; numbers stay. */
function guarded(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

/** CSV lines (CRLF between them, none after the last) of `rows`, each cell guarded and quoted when needed. */
function csvLines(rows: unknown[][]): string {
  return Papa.unparse(
    rows.map((row) => row.map(guarded)),
    { newline: '\r\n', quotes: false, header: false },
  );
}

/** One CSV cell: quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets never run it. */
export function csvCell(value: unknown): string {
  return csvLines([[value]]);
}

/** The header line (with a BOM so spreadsheet programs read UTF-8): the columns' titles. */
export function csvHeader<T>(columns: CsvColumn<T>[]): string {
  return `\uFEFF${csvLines([columns.map((c) => c.title)])}\r\n`;
}

/** The lines of `rows`, each ended by CRLF (empty for no rows). */
export function csvRows<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return rows.length === 0 ? '' : `${csvLines(rows.map((row) => columns.map((c) => c.value(row))))}\r\n`;
}

/** The CSV text (with a BOM so spreadsheet programs read UTF-8) of `rows`. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return csvHeader(columns) + csvRows(columns, rows);
}

export interface CollectOptions<T> {
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<DataPage<T>>;
  sort?: string | undefined;
  /** Rows per request; the server accepts up to 1000. */
  pageSize?: number;
  /** At most this many rows are exported. */
  maxRows?: number | undefined;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export const CSV_PAGE_SIZE = 1000;
export const CSV_MAX_ROWS = 100_000;

/**
 * Reads the current query page after page, up to `maxRows`, handing each page's rows (cut at the
 * cap) to `onRows`. Resolves to how many rows were read, the query's total and whether the cap cut
 * the export short; stops (rejects) when aborted.
 */
async function eachPage<T>(
  options: CollectOptions<T>,
  onRows: (rows: T[]) => void,
): Promise<{ count: number; total: number; capped: boolean }> {
  const pageSize = options.pageSize ?? CSV_PAGE_SIZE;
  const maxRows = options.maxRows ?? CSV_MAX_ROWS;
  let count = 0;
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; count < Math.min(total, maxRows); page += 1) {
    options.signal.throwIfAborted();
    const result = await options.fetchPage({ page, pageSize, sort: options.sort }, options.signal);
    total = result.total;
    const rows = result.rows.slice(0, maxRows - count);
    count += rows.length;
    onRows(rows);
    options.onProgress?.(count, Math.min(total, maxRows));
    if (result.rows.length < pageSize) break;
  }
  return { count, total, capped: total > maxRows };
}

/**
 * Every row of the current query, page after page, up to `maxRows`. Resolves to the rows and whether
 * the cap cut the export short; stops when aborted.
 */
export async function collectRows<T>(
  options: CollectOptions<T>,
): Promise<{ rows: T[]; total: number; capped: boolean }> {
  const rows: T[] = [];
  const { total, capped } = await eachPage(options, (page) => rows.push(...page));
  return { rows, total, capped };
}

/**
 * The CSV export of the current query, written page by page as the pages arrive (the rows are not
 * kept): the text parts of the file, how many rows it holds and whether the cap cut it short.
 */
export async function collectCsv<T>(
  options: CollectOptions<T> & { columns: CsvColumn<T>[] },
): Promise<{ parts: string[]; count: number; capped: boolean }> {
  const parts = [csvHeader(options.columns)];
  const { count, capped } = await eachPage(options, (rows) => {
    if (rows.length > 0) parts.push(csvRows(options.columns, rows));
  });
  return { parts, count, capped };
}

/** Offers `parts` (joined) as a download named `fileName`. */
export function downloadText(fileName: string, parts: string | string[], type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(typeof parts === 'string' ? [parts] : parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
