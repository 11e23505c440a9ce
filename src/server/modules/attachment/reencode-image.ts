import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { sha256Hex } from '../../lib/sha256';
import type { FileType } from './file-types';
import type { ReceivedFile } from './receive-upload';

/** About 7,000 × 7,000: no form photo needs more, and a decompression bomb gets no further. */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageUnreadableError extends Error {
  override name = 'ImageUnreadableError';
}

async function sha256OfFile(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path)) chunks.push(chunk as Buffer);
  return sha256Hex(Buffer.concat(chunks));
}

/**
 * A JPEG or PNG as a kept library decodes and writes it again (sharp, libvips; SECURITY R26, R36):
 * what is stored is only pixels, so EXIF (a phone's GPS position, the camera's serial), comments and
 * anything appended after the image end, such as a script or an archive of a polyglot, are gone.
 * The orientation is applied first so the picture still stands the right way up. A file whose magic
 * bytes say image but which does not decode is refused. Other types are left as they are.
 */
export async function reencodeImage(received: ReceivedFile, type: FileType): Promise<ReceivedFile> {
  if (type !== 'jpg' && type !== 'png') return received;
  const output = join(dirname(received.tmpPath), `tmp-${randomUUID()}`);
  try {
    const image = sharp(received.tmpPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const info = await (type === 'jpg' ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png({ compressionLevel: 9 })).toFile(output);
    const head = Buffer.alloc(received.head.length);
    const handle = createReadStream(output, { start: 0, end: Math.max(0, received.head.length - 1) });
    let offset = 0;
    for await (const chunk of handle) offset += (chunk as Buffer).copy(head, offset);
    const replaced: ReceivedFile = { tmpPath: output, size: info.size, sha256: await sha256OfFile(output), head: head.subarray(0, offset) };
    await rm(received.tmpPath, { force: true });
    return replaced;
  } catch (error) {
    await rm(output, { force: true });
    throw new ImageUnreadableError('the image does not decode', { cause: error });
  }
}
