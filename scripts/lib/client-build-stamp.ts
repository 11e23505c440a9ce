import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the client bundle is built from: its sources, the schemas it imports, and the build's settings. */
const INPUTS = ['src/client', 'src/shared', 'schemas', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
export const STAMP_FILE = '.build-stamp';

function files(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, join(path, name)));
}

/** A hash of every input's path and bytes: equal hashes mean the built client is what a build would make now. */
export function clientInputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(root, input))) {
    hash.update(relative(root, join(root, file))).update('\0').update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Whether `clientDir` holds a build of the current inputs (its stamp matches and its index.html is there). */
export function clientIsCurrent(root: string, clientDir: string): boolean {
  const stamp = join(clientDir, STAMP_FILE);
  return existsSync(join(clientDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === clientInputsHash(root);
}
