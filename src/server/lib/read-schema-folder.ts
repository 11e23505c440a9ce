import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from './sha256';

export interface SchemaFolder {
  /** Path inside the folder (subfolders joined with '/') → parsed JSON, or the text of a non-JSON file. */
  files: Map<string, unknown>;
  /** sha256 over the sorted paths and contents: a record or application remembers exactly which text checked it. */
  version: string;
}

export async function isMissingDir(dir: string): Promise<boolean> {
  try {
    await readdir(dir);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The sub-folder names of `dir`, sorted. */
export async function listFolders(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

/**
 * Reads one schema folder (an activity or a resource), sub-folders included. A file that is not JSON
 * stops the start with its path, as schemas:check reports it.
 */
export async function readSchemaFolder(dir: string, relative: string): Promise<SchemaFolder> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1).split('\\').join('/'))
    .sort();
  const files = new Map<string, unknown>();
  const digest: string[] = [];
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    // Name and length delimit each file, so moving text from one file to the next changes the version.
    digest.push(`${name}\u0000${text.length}\u0000${text}`);
    if (!name.endsWith('.json')) {
      files.set(name, text);
      continue;
    }
    try {
      files.set(name, JSON.parse(text) as unknown);
    } catch (error) {
      throw new Error(`${relative}/${name}#: 不是合法的 JSON（${(error as Error).message}）`, { cause: error });
    }
  }
  return { files, version: sha256Hex(digest.join('\u0000')) };
}
