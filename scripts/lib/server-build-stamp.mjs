// Plain JavaScript: scripts/start.mjs checks this stamp under bare Node (issue 16).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputFilesHash } from './input-files-hash.mjs';

export const SERVER_STAMP_FILE = '.build-stamp';
export const SERVER_ENTRY = 'server.js';

/**
 * Inputs of every build besides the files esbuild reads: the lock file (esbuild's version and the
 * external packages), tsconfig.json (which esbuild reads) and the build's own options.
 */
export const SERVER_BUILD_SETTINGS = ['package-lock.json', 'tsconfig.json', 'scripts/lib/build-server.mjs'];

/**
 * The hash of a build's inputs. `bundled` is the list esbuild's metafile gave (sources and the JSON
 * schemas they import), so a schema the server only reads at run time (schemas/forms, resources…)
 * never forces a rebuild, and an import added later is covered without a list to keep up to date:
 * adding it changes a file already on the list.
 */
export function serverInputsHash(root, bundled) {
  return inputFilesHash(root, [...SERVER_BUILD_SETTINGS, ...bundled]);
}

/** Records that `serverDir` holds a build of these inputs. */
export function writeServerStamp(root, serverDir, bundled) {
  const stamp = { hash: serverInputsHash(root, bundled), inputs: bundled };
  writeFileSync(join(serverDir, SERVER_STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}

/** Whether `serverDir` holds a build of the current inputs: its bundle is there and each input it was built from is unchanged. */
export function serverIsCurrent(root, serverDir) {
  const stampFile = join(serverDir, SERVER_STAMP_FILE);
  if (!existsSync(join(serverDir, SERVER_ENTRY)) || !existsSync(stampFile)) return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  if (typeof stamp?.hash !== 'string' || !Array.isArray(stamp.inputs) || !stamp.inputs.every((input) => typeof input === 'string'))
    return false;
  // A deleted input drops out of the hash, which then differs.
  return serverInputsHash(root, stamp.inputs) === stamp.hash;
}
