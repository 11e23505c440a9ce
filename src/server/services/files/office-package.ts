import { centralDirectory } from '../excel/check-xlsx-package';

/** The parts every package of the type has: [Content_Types].xml and its main document. */
const REQUIRED_PARTS = {
  docx: ['[Content_Types].xml', 'word/document.xml'],
  xlsx: ['[Content_Types].xml', 'xl/workbook.xml'],
} as const;

/**
 * Whether a file whose magic bytes say zip is really a Word document or an Excel workbook: an
 * Office Open XML package lists its content types and its main part in the zip's central directory.
 * The magic bytes alone let any zip through as .xlsx or .docx (SECURITY R26); the directory is read
 * without inflating a byte.
 */
export async function isOfficePackage(content: Buffer, type: keyof typeof REQUIRED_PARTS): Promise<boolean> {
  try {
    const names = new Set((await centralDirectory(content)).map((entry) => entry.fileName));
    return REQUIRED_PARTS[type].every((part) => names.has(part));
  } catch {
    return false;
  }
}
