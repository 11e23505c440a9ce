import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `start` that holds a package.json. */
export function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json at or above ${start}`);
  }
}

/**
 * The portal's folder. Found by walking up rather than by a fixed number of `..`, because this
 * module runs from src/server/lib under tsx and vitest but from dist/server inside the esbuild
 * bundle (issue 16); files read at run time (migrations, the xlsx worker, the password list) are
 * then found in the source tree either way instead of being copied beside the bundle.
 */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
