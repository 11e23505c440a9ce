import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats. Images, fonts and archives are compressed already: encoding them again gains nothing. */
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.txt', '.xml', '.webmanifest']);

/**
 * Below this size a compressed copy saves less than a packet, so none is written and the file is served
 * as it is. The server compresses JSON answers above the same size.
 */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface PrecompressSummary {
  /** The files given a .br and a .gz copy. */
  files: number;
  /** Their bytes, as built and in each encoding. */
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of a
 * built client, once at build time, so that @fastify/static's `preCompressed` serves them without the
 * server compressing anything per request: the highest settings cost a few seconds of the build once,
 * not CPU on every download. A copy is written only when it is smaller than the file.
 */
export async function precompressAssets(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const candidates = (await filesUnder(dir)).filter((file) => TEXT_EXTENSIONS.has(extname(file).toLowerCase()));
  // zlib's asynchronous calls run on libuv's thread pool, so the files are compressed side by side.
  await Promise.all(
    candidates.map(async (file) => {
      const content = await readFile(file);
      if (content.length < PRECOMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length >= content.length || gz.length >= content.length) return;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      summary.files += 1;
      summary.bytes += content.length;
      summary.brotliBytes += br.length;
      summary.gzipBytes += gz.length;
    }),
  );
  return summary;
}
