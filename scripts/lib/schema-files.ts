import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface SchemaFile {
  /** Path relative to the schemas folder, with forward slashes, e.g. `forms/message.schema.json`. */
  relative: string;
  absolute: string;
}

export const DEFAULT_SCHEMAS_DIR = path.resolve(import.meta.dirname, '../../schemas');

/** Every `*.json` below the schemas folder, in a stable order. */
export async function listSchemaFiles(schemasDir: string = DEFAULT_SCHEMAS_DIR): Promise<SchemaFile[]> {
  const entries = await readdir(schemasDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return { absolute, relative: path.relative(schemasDir, absolute).split(path.sep).join('/') };
    })
    .sort((a, b) => a.relative.localeCompare(b.relative));
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

export async function readJson(file: string): Promise<ParsedJson> {
  const text = await readFile(file, 'utf8');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `不是合法的 JSON：${(error as Error).message}` };
  }
}
