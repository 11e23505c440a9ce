import { escapeFormula } from './escape-formula';

/** A value to write: text is always written as text, a number as a number. */
export type OutCell = string | number | boolean | null | undefined;

export interface OutSheet {
  name: string;
  /** Column headings and widths (in characters). */
  columns: { title: string; width?: number; note?: string }[];
  rows: OutCell[][];
  /** Drop-down choices per column index (a dictionary's labels), for a template. */
  choices?: Map<number, string[]>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A route's response schema for an .xlsx download. */
export function xlsxResponse(description: string): Record<number, unknown> {
  return { 200: { description, content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } } };
}

/**
 * An .xlsx of the sheets. Text cells are escaped and set as strings, never formulas (SECURITY R24);
 * numbers stay numbers, so a negative amount is still a number.
 */
export async function writeWorkbook(sheets: OutSheet[]): Promise<Buffer> {
  // Loaded on the first export, not at start-up: exceljs alone takes about 200 ms to load (issue 16).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '科创服务门户';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      header: escapeFormula(column.title),
      width: column.width ?? Math.min(40, Math.max(12, column.title.length * 2 + 4)),
    }));
    const heading = worksheet.getRow(1);
    heading.font = { bold: true };
    sheet.columns.forEach((column, index) => {
      if (column.note) heading.getCell(index + 1).note = column.note;
    });
    for (const values of sheet.rows) {
      const row = worksheet.addRow([]);
      values.forEach((value, index) => {
        if (value === null || value === undefined) return;
        row.getCell(index + 1).value = typeof value === 'string' ? escapeFormula(value) : value;
      });
    }
    for (const [index, labels] of sheet.choices ?? []) {
      // Excel's list validation takes one quoted string of at most 255 characters.
      const list = labels.join(',');
      if (list.length > 250 || labels.some((label) => label.includes(',') || label.includes('"'))) continue;
      const letter = worksheet.getColumn(index + 1).letter;
      for (let rowNumber = 2; rowNumber <= 1001; rowNumber += 1) {
        worksheet.getCell(`${letter}${rowNumber}`).dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [`"${list}"`],
          showErrorMessage: false,
        };
      }
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
