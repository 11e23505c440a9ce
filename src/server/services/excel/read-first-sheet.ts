import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import { PROJECT_ROOT } from '../../lib/project-root';
import type { ServerMessageKey } from '../../i18n/server-messages';
import { XLSX_LIMITS } from './xlsx-limits';

/** A cell as the reader gives it. */
export type SheetCell = string | number | boolean | Date | null;

export interface SheetContent {
  /** The first non-empty row: the column headings. */
  header: { rowNumber: number; cells: string[] };
  /** The rows below it, each with its row number in the sheet (blank rows skipped). */
  rows: [number, SheetCell[]][];
}

type WorkerAnswer = ({ ok: true } & SheetContent) | { ok: false; error: ServerMessageKey };

// From the source tree, also when this code runs from the bundle in dist/server.
const WORKER_FILE = join(PROJECT_ROOT, 'src/server/services/excel/read-sheet.worker.mjs');

/**
 * The first worksheet of a checked .xlsx (checkXlsxPackage first), read in a worker thread with a
 * heap cap and a timeout (SECURITY R25): a zip bomb that lied about its sizes, or a sheet too big to
 * hold, ends that thread with a 400 and leaves the server as it was.
 */
export function readFirstSheet(buffer: Buffer): Promise<SheetContent> {
  const bytes = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { bytes, maxRows: XLSX_LIMITS.maxRows, maxColumns: XLSX_LIMITS.maxColumns },
      transferList: [bytes as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: XLSX_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
      // A worker inherits the parent's flags; tsx's loader there is harmless and not needed.
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new AppError(400, 'xlsxTooLargeUncompressed'))), XLSX_LIMITS.workerTimeoutMs);
    worker.on('message', (answer: WorkerAnswer) =>
      settle(() => (answer.ok ? resolve({ header: answer.header, rows: answer.rows }) : reject(new AppError(400, answer.error)))),
    );
    // ERR_WORKER_OUT_OF_MEMORY: the file inflated past the cap whatever its directory said.
    worker.on('error', () => settle(() => reject(new AppError(400, 'xlsxTooLargeUncompressed'))));
    worker.on('exit', () => settle(() => reject(new AppError(400, 'xlsxNotWorkbook'))));
  });
}
