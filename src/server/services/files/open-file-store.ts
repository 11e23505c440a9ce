import { join } from 'node:path';
import type { Db } from '../../db/database';
import { createDatabaseFileStore } from './database-file-store';
import { createDiskFileStore } from './disk-file-store';
import type { FileStoreKind } from '../../config/file-store-kind';
import type { FileStore } from './file-store';

export const UPLOADS_SUBDIR = 'uploads';

/**
 * FILE_STORE, or by default the disk for the embedded database and the database for PostgreSQL,
 * where several processes may serve the same portal (issue 15).
 */
export function fileStoreKind(config: { fileStore?: FileStoreKind | undefined; databaseUrl: string | undefined }): FileStoreKind {
  return config.fileStore ?? (config.databaseUrl ? 'database' : 'disk');
}

export async function openFileStore(kind: FileStoreKind, db: Db, dataDir: string): Promise<FileStore> {
  const dir = join(dataDir, UPLOADS_SUBDIR);
  return kind === 'database' ? createDatabaseFileStore(db, dir) : createDiskFileStore(dir);
}
