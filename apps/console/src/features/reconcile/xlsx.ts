/**
 * Writing XLSX workbooks with exceljs. Screens import this module when an export starts, so exceljs
 * (a large library) is never part of a screen's first download.
 */

export interface Sheet {
  name: string;
  rows: (string | number | null)[][];
}

/** A leading =, +, - or @ in a text cell is neutralised so spreadsheets never run it (numbers stay numbers). */
function cell(value: string | number | null): string | number | null {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The XLSX file of `sheets`: the first row of each is its bold, frozen header. */
export async function writeXlsx(sheets: Sheet[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pitboss';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    for (const row of sheet.rows) worksheet.addRow(row.map(cell));
    worksheet.getRow(1).font = { bold: true };
    worksheet.columns.forEach((column, i) => {
      const widest = Math.max(...sheet.rows.map((r) => String(r[i] ?? '').length), 8);
      column.width = Math.min(widest + 2, 40);
    });
  }
  return workbook.xlsx.writeBuffer();
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Offers an XLSX file as a download named `fileName`. */
export function downloadXlsx(fileName: string, file: ArrayBuffer): void {
  const url = URL.createObjectURL(new Blob([file], { type: XLSX_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
