// Plain JavaScript: scripts/start.mjs checks this stamp under bare Node (issue 16).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputFilesHash } from './input-files-hash.mjs';

/** What the client bundle is built from: its sources, the schemas it imports, and the build's settings. */
const INPUTS = [
  'src/client',
  'src/shared',
  'schemas',
  'vite.config.ts',
  'scripts/lib/precompress-assets.ts',
  'tsconfig.json',
  'package-lock.json',
];
export const STAMP_FILE = '.build-stamp';

/** A hash of every input's path and bytes: equal hashes mean the built client is what a build would make now. */
export function clientInputsHash(root) {
  return inputFilesHash(root, INPUTS);
}

/** Whether `clientDir` holds a build of the current inputs (its stamp matches and its index.html is there). */
export function clientIsCurrent(root, clientDir) {
  const stamp = join(clientDir, STAMP_FILE);
  return existsSync(join(clientDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === clientInputsHash(root);
}
