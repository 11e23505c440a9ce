import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isMissingDir, listFolders, readFolderTexts } from '../../lib/read-schema-folder';

/** A unit folder's files as text, or undefined when the folder does not exist. */
export async function readUnitFolder(dir: string): Promise<Map<string, string> | undefined> {
  return (await isMissingDir(dir)) ? undefined : readFolderTexts(dir);
}

/** The folder units under `root`, live or only on disk, sorted. */
export async function unitFolderNames(root: string, live: Iterable<string>): Promise<string[]> {
  return [...new Set([...live, ...((await isMissingDir(root)) ? [] : await listFolders(root))])].sort();
}

/**
 * Writes each file beside its place and renames it over, so a reader never sees half a file. With
 * `removeOthers` (a unit that is a whole folder), a file the folder has and `texts` lacks is removed.
 */
export async function writeUnitFiles(dir: string, texts: ReadonlyMap<string, string>, options: { removeOthers: boolean }): Promise<void> {
  for (const [name, text] of texts) {
    // A resource folder's list files are in lists/.
    const target = join(dir, name);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.${basename(name)}.${process.pid}.tmp`);
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, target);
  }
  if (!options.removeOthers) return;
  for (const name of (await readFolderTexts(dir)).keys()) {
    if (!texts.has(name)) await rm(join(dir, name), { force: true });
  }
}

/** The `title` of one of the unit's JSON files, or the fallback when it has none or does not parse. */
export function titleOf(texts: ReadonlyMap<string, string> | undefined, file: string, fallback: string): string {
  try {
    const parsed = JSON.parse(texts?.get(file) ?? '') as { title?: unknown };
    return typeof parsed.title === 'string' ? parsed.title : fallback;
  } catch {
    return fallback;
  }
}

/** Activity folders and forms have no sub-folders (a resource folder's lists/ is its own). */
export function nestedFileProblem(
  path: string,
  texts: ReadonlyMap<string, string>,
): { file: string; pointer: string; message: string } | undefined {
  const nested = [...texts.keys()].find((file) => file.includes('/'));
  return nested === undefined ? undefined : { file: `${path}/${nested}`, pointer: '', message: '活动文件夹和表单没有子文件夹' };
}
