import { readFile } from 'node:fs/promises';

/** A JSON file, parsed; a broken one stops the start with its path. */
export async function readJsonFile(path: string, relative: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${relative}#: 不是合法的 JSON（${(error as Error).message}）`, { cause: error });
  }
}
