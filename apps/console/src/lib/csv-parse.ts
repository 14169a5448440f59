import Papa from 'papaparse';

/**
 * Reading CSV files people bring to the console (bulk adds): our own exports, spreadsheet exports
 * (comma, semicolon or tab separated, with or without a byte-order mark) and plain lists. The
 * parsing is papaparse's; the rules around it (which delimiter, blank lines, the formula guard of
 * our exports, loose headers) are ours. Imported only where a file is read, never on /login.
 */

const DELIMITERS = [',', ';', '\t'] as const;

/** Without a byte-order mark, and with every line end (CRLF, LF, a lone CR) as LF. */
function normalise(input: string): string {
  return input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** The delimiter the first row uses most (outside quotes); a comma when it has none. */
export function guessDelimiter(text: string): string {
  const input = normalise(text);
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const firstRow = Papa.parse<string[]>(input, { delimiter, newline: '\n', preview: 1 }).data[0] ?? [];
    const count = firstRow.length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The rows of a CSV text (RFC 4180: quoted fields, doubled quotes inside them, CRLF or LF line ends,
 * new lines inside quotes). A leading byte-order mark is dropped; blank lines are skipped.
 */
export function parseCsv(input: string, delimiter = guessDelimiter(input)): string[][] {
  const text = normalise(input);
  if (text === '') return [];
  return Papa.parse<string[]>(text, { delimiter, newline: '\n', skipEmptyLines: 'greedy' }).data;
}

/**
 * Undoes the formula guard of our own exports (`csvCell` writes `'=x` for a cell starting with
 * `=`, `+`, `-` or `@`), so an exported list imports back unchanged.
 */
export function unguardCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A header cell compared loosely: case, spaces, dashes and underscores do not matter. */
export function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[\s_-]/g, '');
}
