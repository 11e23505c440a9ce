// The workbook reader's thread (SECURITY R25): exceljs inflates and parses here, under the heap cap
// and the timeout read-first-sheet.ts gives the Worker, so a hostile file costs this thread, not the
// server. Plain JavaScript on purpose: the same file runs under tsx, vitest and the built server
// without a TypeScript loader in the worker.
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** A cell's value as a primitive: rich text joined, a formula's cached result, a link's text. */
function plain(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((run) => String(run?.text ?? '')).join('');
    if ('result' in value) return plain(value.result);
    if ('formula' in value || 'sharedFormula' in value) return null;
    if (typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function readFirstSheet({ bytes, maxRows, maxColumns }) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    const rows = [];
    let header;
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values : [];
      // row.values is 1-based: index 0 is always empty.
      if (values.length - 1 > maxColumns) return { ok: false, error: 'xlsxTooManyColumns' };
      const cells = [];
      for (let index = 1; index < values.length; index += 1) cells.push(plain(values[index]));
      if (cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''))) continue;
      if (header === undefined) {
        header = { rowNumber: row.number, cells: cells.map((cell) => (cell === null ? '' : String(cell))) };
        continue;
      }
      rows.push([row.number, cells]);
      if (rows.length > maxRows) return { ok: false, error: 'xlsxTooManyRows' };
    }
    return { ok: true, header: header ?? { rowNumber: 1, cells: [] }, rows };
  }
  return { ok: true, header: { rowNumber: 1, cells: [] }, rows: [] };
}

/**
 * exceljs's streaming reader sometimes loses an entry of the zip on a busy machine and then throws
 * "Cannot read properties of undefined (reading 'sheets')" on a good workbook (measured: 2 of 300
 * reads of one valid file, two at a time, while the test run kept both cores busy; exceljs issue
 * 962). The same bytes read again succeed, so a failed read is tried once more before the file is
 * called no workbook; a file that really is none fails both times, at twice the cost of one read.
 */
async function readWithRetry(data) {
  try {
    return await readFirstSheet(data);
  } catch {
    return readFirstSheet(data);
  }
}

readWithRetry(workerData).then(
  (result) => parentPort.postMessage(result),
  () => parentPort.postMessage({ ok: false, error: 'xlsxNotWorkbook' }),
);
