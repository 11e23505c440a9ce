import type { Readable } from 'node:stream';

import type { FileStoreKind } from '../../config/file-store-kind';

/**
 * The bytes of attachments under their UUIDs; the metadata stays in `attachments`. Uploads arrive
 * as a checked temporary file (receive-upload.ts), so `putFile` takes a path and the store decides
 * whether to move it or copy it in.
 */
export interface FileStore {
  kind: FileStoreKind;
  /** Folder for temporary uploads being received; the disk store also keeps the files there. */
  tmpDir: string;
  putFile(id: string, tmpPath: string): Promise<void>;
  putBytes(id: string, content: Buffer): Promise<void>;
  /** A stream of the file's bytes, or undefined when the store has no such file. */
  open(id: string): Promise<Readable | undefined>;
  remove(id: string): Promise<void>;
}
