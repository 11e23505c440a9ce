import { typeOfExtension, type FileType } from './file-types';

/** The leading bytes that identify each family of files we accept. */
const SIGNATURES: { family: 'pdf' | 'png' | 'jpg' | 'zip'; bytes: number[] }[] = [
  { family: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { family: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { family: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { family: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // PK\3\4: zip, and docx/xlsx, which are zip packages
];

/** How many leading bytes detectFileType needs. */
export const SIGNATURE_BYTES = 8;

function family(head: Buffer): 'pdf' | 'png' | 'jpg' | 'zip' | undefined {
  return SIGNATURES.find(
    (signature) => head.length >= signature.bytes.length && signature.bytes.every((byte, index) => head[index] === byte),
  )?.family;
}

/**
 * The type of an upload from its magic bytes, checked against its name's extension (SECURITY R26):
 * both must agree, so neither an executable renamed `.pdf` nor a PDF renamed `.exe` passes. The
 * magic bytes cannot tell a docx from an xlsx or a plain zip (all zip packages), so within the zip
 * family the extension picks. A hand-written check of four signatures instead of a dependency: we
 * accept only these types, and everything else (SVG, HTML, executables) is refused by not matching.
 */
export function detectFileType(head: Buffer, fileName: string): FileType | undefined {
  const dot = fileName.lastIndexOf('.');
  const claimed = dot >= 0 ? typeOfExtension(fileName.slice(dot + 1)) : undefined;
  if (!claimed) return undefined;
  const found = family(head);
  if (!found) return undefined;
  if (found === 'zip') return claimed === 'docx' || claimed === 'xlsx' || claimed === 'zip' ? claimed : undefined;
  return claimed === found ? found : undefined;
}
