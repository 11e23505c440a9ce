import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../lib/sha256';
import { SIGNATURE_BYTES } from './detect-file-type';
import type { FileType } from './file-types';
import type { ReceivedFile } from './receive-upload';

/** About 7,000 × 7,000: no form photo needs more, and a decompression bomb gets no further. */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageUnreadableError extends Error {
  override name = 'ImageUnreadableError';
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
  // Loaded on the first image, not at start-up (issue 16's cold start).
  const { default: sharp } = await import('sharp');
  const image = sharp(received.tmpPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  let content: Buffer;
  try {
    // A form's image is a few MB at most: written once from memory, hashed and headed from the same bytes.
    content = await (type === 'jpg' ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png({ compressionLevel: 9 })).toBuffer();
  } catch (error) {
    throw new ImageUnreadableError('the image does not decode', { cause: error });
  }
  // A failure of the disk below is the server's, not the file's: it stays an ordinary error.
  const output = join(dirname(received.tmpPath), `tmp-${randomUUID()}`);
  await writeFile(output, content, { flag: 'wx', mode: 0o600 });
  await rm(received.tmpPath, { force: true });
  return { tmpPath: output, size: content.length, sha256: sha256Hex(content), head: content.subarray(0, SIGNATURE_BYTES) };
}
