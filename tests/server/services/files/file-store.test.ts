import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentChunks } from '../../../../src/server/db/schema';
import { CHUNK_BYTES } from '../../../../src/server/services/files/database-file-store';
import { FILE_STORE_KINDS } from '../../../../src/server/config/file-store-kind';
import type { FileStore } from '../../../../src/server/services/files/file-store';
import { fileStoreKind, openFileStore } from '../../../../src/server/services/files/open-file-store';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-database';

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

describe.each(FILE_STORE_KINDS)('the %s file store', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let store: FileStore;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.database.migrate();
    dataDir = await mkdtemp(join(tmpdir(), `kc-files-${kind}-`));
    store = await openFileStore(kind, database.database.db, dataDir);
  });
  afterAll(async () => {
    await database?.database.close();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives back exactly the bytes put in, across chunk boundaries, from a file and from memory', async () => {
    for (const size of [1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 4 * CHUNK_BYTES + 17, 9 * CHUNK_BYTES]) {
      const content = randomBytes(size);
      const fromFile = randomUUID();
      const tmpPath = join(store.tmpDir, `tmp-${randomUUID()}`);
      await writeFile(tmpPath, content);
      await store.putFile(fromFile, tmpPath);
      await rm(tmpPath, { force: true });
      const fromMemory = randomUUID();
      await store.putBytes(fromMemory, content);
      for (const id of [fromFile, fromMemory]) {
        const stream = await store.open(id);
        expect(stream, `${size} bytes`).toBeDefined();
        expect((await readAll(stream as Readable)).equals(content), `${size} bytes`).toBe(true);
      }
    }
  });

  it('has nothing under an unknown id, and nothing once removed', async () => {
    expect(await store.open(randomUUID())).toBeUndefined();
    const id = randomUUID();
    await store.putBytes(id, Buffer.from('%PDF-1.4 demo'));
    await store.remove(id);
    expect(await store.open(id)).toBeUndefined();
    await store.remove(id);
  });

  it('keeps the bytes where its kind says: the data folder, or the database', async () => {
    const id = randomUUID();
    await store.putBytes(id, Buffer.from('where am I'));
    const onDisk = (await readdir(store.tmpDir)).includes(id);
    const rows = await database.database.db.select({ seq: attachmentChunks.seq }).from(attachmentChunks);
    expect(onDisk).toBe(kind === 'disk');
    expect(rows.length > 0).toBe(kind === 'database');
  });
});

describe('which file store a server uses', () => {
  it('is the disk on the embedded database, the database on PostgreSQL, unless FILE_STORE says', () => {
    expect(fileStoreKind({ databaseUrl: undefined })).toBe('disk');
    expect(fileStoreKind({ databaseUrl: 'postgres://db/kc' })).toBe('database');
    expect(fileStoreKind({ databaseUrl: 'postgres://db/kc', fileStore: 'disk' })).toBe('disk');
    expect(fileStoreKind({ databaseUrl: undefined, fileStore: 'database' })).toBe('database');
  });
});
