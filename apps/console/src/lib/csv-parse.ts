/**
 * Reading CSV files people bring to the console (bulk adds): our own exports, spreadsheet exports
 * (comma, semicolon or tab separated, with or without a byte-order mark) and plain lists.
 */

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter the first line uses most (outside quotes); a comma when it has none. */
export function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const char of firstLine) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && char === delimiter) count += 1;
    }
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
export function parseCsv(input: string, delimiter = guessDelimiter(input.replace(/^\uFEFF/, ''))): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.some((c) => c.trim() !== '')) rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (char === '\n' || char === '\r') {
      endRow();
    } else {
      cell += char;
    }
    i += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
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
