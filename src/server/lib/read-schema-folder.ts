import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from './sha256';

export interface SchemaFolder {
  /** Path inside the folder (subfolders joined with '/') → parsed JSON, or the text of a non-JSON file. */
  files: Map<string, unknown>;
  /** sha256 over the sorted paths and contents: a record or application remembers exactly which text checked it. */
  version: string;
  /** Path → the file's text as read, what the studio edits and a publication stores. */
  texts: Map<string, string>;
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
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The text of every file of a schema folder, sub-folders included, by path inside it. */
export async function readFolderTexts(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
  const texts = new Map<string, string>();
  for (const name of names) texts.set(name, await readFile(join(dir, name), 'utf8'));
  return texts;
}

/** The version of a folder's text: the same whether it was read from disk or from a publication. */
export function folderVersion(texts: ReadonlyMap<string, string>): string {
  // Name and length delimit each file, so moving text from one file to the next changes the version.
  const digest = [...texts.keys()].sort().map((name) => {
    const text = texts.get(name) ?? '';
    return `${name}\u0000${text.length}\u0000${text}`;
  });
  return sha256Hex(digest.join('\u0000'));
}

/** Parses a folder's texts; a JSON file that does not parse throws with its path, as schemas:check reports it. */
export function parseSchemaFolder(texts: ReadonlyMap<string, string>, relative: string): SchemaFolder {
  const files = new Map<string, unknown>();
  for (const [name, text] of [...texts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
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
  return { files, version: folderVersion(texts), texts: new Map(texts) };
}

/**
 * Reads one schema folder (an activity or a resource), sub-folders included. A file that is not JSON
 * stops the start with its path, as schemas:check reports it.
 */
export async function readSchemaFolder(dir: string, relative: string): Promise<SchemaFolder> {
  return parseSchemaFolder(await readFolderTexts(dir), relative);
}
