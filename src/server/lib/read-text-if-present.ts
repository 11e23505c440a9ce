import { readFile } from 'node:fs/promises';

/** A file's text, or undefined when there is no such file (a unit not on disk); any other error is thrown. */
export async function readTextIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
