import { headerKey, parseCsv, unguardCell } from '../../lib/csv-parse';
import type { BulkEntry, CsvColumnsSpec } from './bulk-entries';

// Reading a bulk add's CSV file: its own module, so the CSV parser (papaparse) is downloaded when a
// file is chosen (`CsvFileInput` imports it then), not with every list screen.

/**
 * Entries from a CSV file. A first row naming a key column (`keyHeaders`) is a header: the key and
 * memo come from the named columns. Without one, the first column is the key and the second the memo.
 */
export function entriesFromCsv(text: string, spec: CsvColumnsSpec): BulkEntry[] {
  const rows = parseCsv(text);
  const first = (rows[0] ?? []).map(headerKey);
  const keyHeaders = spec.keyHeaders.map(headerKey);
  const memoHeaders = (spec.memoHeaders ?? ['Memo']).map(headerKey);
  const keyColumn = first.findIndex((cell) => keyHeaders.includes(cell));
  const hasHeader = keyColumn >= 0;
  const memoColumn = hasHeader ? first.findIndex((cell) => memoHeaders.includes(cell)) : 1;
  const entries: BulkEntry[] = [];
  rows.forEach((row, index) => {
    if (hasHeader && index === 0) return;
    const key = unguardCell((row[hasHeader ? keyColumn : 0] ?? '').trim());
    const memo = memoColumn >= 0 ? unguardCell((row[memoColumn] ?? '').trim()) : '';
    entries.push({ line: index + 1, key, memo });
  });
  return entries;
}
