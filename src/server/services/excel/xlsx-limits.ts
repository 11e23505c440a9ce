/** SECURITY R25: what an uploaded workbook may be, checked before and while it is read. */
export const XLSX_LIMITS = {
  /** The upload itself. */
  maxBytes: 10 * 1024 * 1024,
  /** Entries in the zip's central directory. */
  maxEntries: 1000,
  /** The declared uncompressed size of all entries together. */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Uncompressed to compressed, over the whole package. */
  maxRatio: 100,
  /** Data rows below the heading row. */
  maxRows: 50_000,
  maxColumns: 100,
  /** The reader's heap (MB) and time before it is stopped. */
  workerHeapMb: 256,
  workerTimeoutMs: 60_000,
} as const;
