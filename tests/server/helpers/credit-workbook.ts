import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { importColumns } from '../../../src/shared/resource/import-columns';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { demoCreditRow } from '../../../src/server/seed/demo-credit-rows';

// Read, not imported: the e2e runner loads this file too, and takes no JSON modules.
const creditRecord = JSON.parse(
  readFileSync(new URL('../../../schemas/resources/credit/record.schema.json', import.meta.url), 'utf8'),
) as JsonSchema;

/** The credit import sheet's headings, as the template writes them (required ones marked *). */
export const CREDIT_HEADINGS = importColumns(creditRecord).map((column) => (column.required ? `*${column.title}` : column.title));

/** An .xlsx of credit rows 0…count-1 (demoCreditRow), each passed through `change` first; the first row is the headings. */
export async function creditWorkbook(count: number, change: (n: number, row: string[]) => string[] = (_n, row) => row): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入数据');
  sheet.addRow(CREDIT_HEADINGS);
  for (let n = 0; n < count; n += 1) sheet.addRow(change(n, demoCreditRow(n)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A planted error: the sheet row (headings are row 1), the column letter and the field it breaks. */
export interface PlantedError {
  row: number;
  column: string;
  field: string;
}

const PLANTS: { column: string; field: string; cell: number; value: (row: string[]) => string }[] = [
  // The check character of the identity number, changed.
  { column: 'C', field: 'idNumber', cell: 2, value: (row) => row[2]!.slice(0, 17) + (row[2]!.endsWith('0') ? '1' : '0') },
  { column: 'G', field: 'facts', cell: 6, value: () => '情节严重' },
  { column: 'E', field: 'creditType', cell: 4, value: () => '学术不端' },
  { column: 'I', field: 'decisionDate', cell: 8, value: () => '2025-13-45' },
  { column: 'B', field: 'subjectName', cell: 1, value: () => '' },
];

/** `count` errors, one per row, on researcher rows (even n) spread through the sheet, cycling through five kinds. */
export function plantErrors(count: number, rows: number): { errors: PlantedError[]; change: (n: number, row: string[]) => string[] } {
  const step = 2 * Math.floor((rows - 100) / (2 * count));
  const planted = new Map<number, (typeof PLANTS)[number]>();
  for (let k = 0; k < count; k += 1) planted.set(100 + step * k, PLANTS[k % PLANTS.length]!);
  return {
    errors: [...planted].map(([n, plant]) => ({ row: n + 2, column: plant.column, field: plant.field })),
    change: (n, row) => {
      const plant = planted.get(n);
      if (!plant) return row;
      const changed = [...row];
      changed[plant.cell] = plant.value(row);
      return changed;
    },
  };
}
