/** The file types an Upload field may accept (x-upload.accept), as stored in a FileRef. */
export const FILE_TYPES = ['pdf', 'jpg', 'png', 'docx', 'xlsx', 'zip'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** The fixed Content-Type a download is served with, from the stored type, never from the upload's claim. */
export const CONTENT_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** An extension (without the dot, any case) as a file type; `jpeg` is a `jpg`. */
export function typeOfExtension(extension: string): FileType | undefined {
  const lower = extension.toLowerCase();
  const normalised = lower === 'jpeg' ? 'jpg' : lower;
  return (FILE_TYPES as readonly string[]).includes(normalised) ? (normalised as FileType) : undefined;
}

export function isFileType(value: unknown): value is FileType {
  return typeof value === 'string' && (FILE_TYPES as readonly string[]).includes(value);
}
