import { fromBufferPromise, type Entry } from 'yauzl';
import { AppError } from '../../lib/app-error';
import { XLSX_LIMITS } from './xlsx-limits';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The entries a zip's central directory lists, read without inflating anything (at most XLSX_LIMITS.maxEntries). */
export async function centralDirectory(buffer: Buffer): Promise<Entry[]> {
  // decodeStrings refuses absolute and ../ names itself; lazyEntries reads the directory only, no data.
  const zip = await fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  try {
    return await new Promise<Entry[]>((resolve, reject) => {
      const entries: Entry[] = [];
      zip.on('entry', (entry: Entry) => {
        entries.push(entry);
        if (entries.length > XLSX_LIMITS.maxEntries) reject(new AppError(400, 'xlsxTooManyEntries'));
        else zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/**
 * SECURITY R25, before a byte is inflated: an .xlsx by its content (a zip package with
 * [Content_Types].xml and a workbook part, whatever the file is called), at most 1,000 entries,
 * 100 MB uncompressed and a ratio of 100:1 by the central directory, no links and no ../ names.
 * The sizes a zip declares can lie; the reader's worker has its own memory cap for that.
 */
export async function checkXlsxPackage(buffer: Buffer): Promise<void> {
  if (buffer.length > XLSX_LIMITS.maxBytes) throw new AppError(413, 'fileTooLarge');
  if (buffer.length < ZIP_MAGIC.length || !ZIP_MAGIC.every((byte, index) => buffer[index] === byte))
    throw new AppError(400, 'xlsxNotWorkbook');
  let entries: Entry[];
  try {
    entries = await centralDirectory(buffer);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'xlsxNotWorkbook');
  }
  const names = new Set(entries.map((entry) => entry.fileName));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new AppError(400, 'xlsxNotWorkbook');
  let uncompressed = 0;
  let compressed = 0;
  for (const entry of entries) {
    if (
      ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK ||
      entry.fileName.includes('\\') ||
      entry.fileName.split('/').includes('..')
    )
      throw new AppError(400, 'xlsxNotWorkbook');
    uncompressed += entry.uncompressedSize;
    compressed += entry.compressedSize;
  }
  if (uncompressed > XLSX_LIMITS.maxUncompressedBytes || uncompressed > Math.max(compressed, 1) * XLSX_LIMITS.maxRatio)
    throw new AppError(400, 'xlsxTooLargeUncompressed');
}
