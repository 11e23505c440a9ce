import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { attachmentChunks } from '../../db/schema';
import type { FileStore } from './file-store';

/** 256 KiB: a 5 MB file is 20 rows, and a download holds one chunk in memory at a time. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per query while streaming a download. */
const CHUNKS_PER_READ = 4;

async function insertChunks(db: Db, id: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
  await db.transaction(async (tx) => {
    let seq = 0;
    for await (const chunk of chunks) {
      await tx.insert(attachmentChunks).values({ attachmentId: id, seq, content: chunk });
      seq += 1;
    }
  });
}

function* sliceBuffer(content: Buffer): Iterable<Buffer> {
  for (let start = 0; start < content.length; start += CHUNK_BYTES) yield content.subarray(start, start + CHUNK_BYTES);
}

/**
 * The bytes in PostgreSQL itself (table attachment_chunks), so every server process on the same
 * database reads every file, and backups and replication carry them with the records that refer to
 * them. Temporary uploads still land on the local disk, only while a request is being received.
 */
export async function createDatabaseFileStore(db: Db, tmpDir: string): Promise<FileStore> {
  await mkdir(tmpDir, { recursive: true });
  return {
    kind: 'database',
    tmpDir,
    async putFile(id, tmpPath) {
      await insertChunks(db, id, createReadStream(tmpPath, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>);
    },
    async putBytes(id, content) {
      await insertChunks(db, id, sliceBuffer(content));
    },
    async open(id) {
      const first = await db
        .select({ seq: attachmentChunks.seq })
        .from(attachmentChunks)
        .where(eq(attachmentChunks.attachmentId, id))
        .limit(1);
      if (first.length === 0) return undefined;
      let next = 0;
      return new Readable({
        async read() {
          try {
            const rows = await db
              .select({ content: attachmentChunks.content })
              .from(attachmentChunks)
              .where(
                and(
                  eq(attachmentChunks.attachmentId, id),
                  gte(attachmentChunks.seq, next),
                  lte(attachmentChunks.seq, next + CHUNKS_PER_READ - 1),
                ),
              )
              .orderBy(asc(attachmentChunks.seq));
            next += CHUNKS_PER_READ;
            for (const row of rows) this.push(row.content);
            if (rows.length < CHUNKS_PER_READ) this.push(null);
          } catch (error) {
            this.destroy(error instanceof Error ? error : new Error(String(error)));
          }
        },
      });
    },
    async remove(id) {
      await db.delete(attachmentChunks).where(eq(attachmentChunks.attachmentId, id));
    },
  };
}
