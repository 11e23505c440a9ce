import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SIGNATURE_BYTES } from './detect-file-type';

/** A file received into a temporary name: nothing refers to it until it is checked and renamed. */
export interface ReceivedFile {
  tmpPath: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

/**
 * Streams one upload to `<dir>/tmp-<uuid>`, never buffering it whole, and stops at `maxSize` bytes
 * (SECURITY R26). Whatever goes wrong, the partial file is deleted before the error is passed on
 * (STACK trap 15); the file is fsynced so a crash after the rename cannot leave it empty (R39).
 */
export async function receiveUpload(source: Readable, dir: string, maxSize: number): Promise<ReceivedFile> {
  const tmpPath = join(dir, `tmp-${randomUUID()}`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxSize) {
        callback(new UploadTooLargeError());
        return;
      }
      hash.update(chunk);
      if (headLength < SIGNATURE_BYTES) {
        headChunks.push(chunk);
        headLength += chunk.length;
      }
      callback(null, chunk);
    },
  });
  const sink = createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, meter, sink);
    const handle = await open(tmpPath, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    // The pipeline can fail before the sink has even opened its file; removing it then would run
    // before the open creates it, and leave an orphan behind. Wait for the sink to close first
    // (not with events.once, which rejects on the sink's own 'error' and would skip the removal).
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await rm(tmpPath, { force: true });
    throw error;
  }
  return { tmpPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks).subarray(0, SIGNATURE_BYTES) };
}
