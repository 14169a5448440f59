import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/**
 * The whole result of a check-tool list as a file, CSV or XLSX, written batch by batch as the rows come
 * from the database cursor: a `Readable` that pulls the next batch only when the client has taken the
 * previous one, so a million rows never sit in memory. XLSX is written by hand (a zip of five XML
 * parts, the sheet streamed through fflate's `ZipDeflate`): inline strings, numbers as numbers, no
 * styles.
 */

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportFile {
  readonly kind: 'export';
  fileName: string;
  contentType: string;
  body: Readable;
}

/** Batches of rows whose keys are the columns (the first batch's keys name them). */
export type RowBatches = AsyncIterable<Record<string, unknown>[]>;

/** An XLSX sheet holds 1,048,576 rows; the header takes one. */
export const XLSX_MAX_ROWS = 1_048_575;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function exportFile(format: ExportFormat, name: string, batches: RowBatches): ExportFile {
  return {
    kind: 'export',
    fileName: `${name}.${format}`,
    contentType: CONTENT_TYPES[format],
    body: Readable.from(format === 'csv' ? csvChunks(batches) : xlsxChunks(batches), { objectMode: false }),
  };
}

export function isExportFile(value: unknown): value is ExportFile {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'export';
}

/** A cell's text: arrays joined by spaces, null and undefined empty. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join(' ');
  return String(value);
}

/** A CSV field: quoted when needed; text starting like a formula guarded with `'` (as the console's CSV). */
export function csvField(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let s = text(value);
  if (/^[=+\-@]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function* csvChunks(batches: RowBatches): AsyncGenerator<Buffer> {
  let columns: string[] | undefined;
  // A byte-order mark so spreadsheets read UTF-8 (nick names in Chinese, Thai).
  yield Buffer.from('\uFEFF', 'utf8');
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    let out = '';
    if (!columns) {
      columns = Object.keys(rows[0] as object);
      out += `${columns.map(csvField).join(',')}\r\n`;
    }
    for (const row of rows) out += `${columns.map((c) => csvField(row[c])).join(',')}\r\n`;
    yield Buffer.from(out, 'utf8');
  }
  if (!columns) yield Buffer.from('\r\n', 'utf8');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Characters XML 1.0 does not allow (control characters but tab, new line and return; U+FFFE, U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(s: string): string {
  // Characters XML 1.0 forbids are dropped; the rest escaped.
  return s.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);
}

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function xlsxRow(r: number, values: unknown[]): string {
  let out = `<row r="${r}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const ref = `${column(i)}${r}`;
    if (typeof value === 'number' && Number.isFinite(value)) out += `<c r="${ref}"><v>${value}</v></c>`;
    else if (typeof value === 'boolean') out += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    else {
      const s = text(value);
      if (s !== '') out += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(s)}</t></is></c>`;
    }
  }
  return `${out}</row>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const FIXED_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ],
];

async function* xlsxChunks(batches: RowBatches): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    for (const chunk of out.splice(0)) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  };
  for (const [name, body] of FIXED_PARTS) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(body), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  sheet.push(
    strToU8(`${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`),
  );
  yield* drain();
  let columns: string[] | undefined;
  let r = 0;
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    let part = '';
    if (!columns) {
      columns = Object.keys(rows[0] as object);
      part += xlsxRow(++r, columns);
    }
    for (const row of rows) {
      if (r > XLSX_MAX_ROWS) break;
      part += xlsxRow(
        ++r,
        columns.map((c) => row[c]),
      );
    }
    sheet.push(strToU8(part));
    yield* drain();
  }
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  yield* drain();
}
