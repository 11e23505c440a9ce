import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DictFile } from '../../shared/generated/dict-file';
import { checkDictFile } from '../../shared/schema/check-dict-file';
import type { Db } from '../db/database';
import { dictItems, dicts } from '../db/schema';
import { sha256Hex } from '../lib/sha256';
import { unitHistories } from '../engine/units/publication-store';
import { storeDictionary } from '../services/dict/store-dictionary';

/** A dictionary file as read: its content and the version a publication would give its text. */
export interface DictFileRead {
  file: DictFile;
  version: string;
}

/** Reads schemas/dicts/*.json; a bad file stops the start with the same words as schemas:check. */
export async function readDictFiles(schemasDir: string): Promise<DictFileRead[]> {
  const dir = join(schemasDir, 'dicts');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  const result: DictFileRead[] = [];
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    const data: unknown = JSON.parse(text);
    const problems = checkDictFile(data, file.slice(0, -'.json'.length));
    if (problems.length > 0) {
      throw new Error(`${join(dir, file)}: ${problems.map((problem) => `#${problem.pointer}: ${problem.message}`).join('; ')}`);
    }
    result.push({ file: data as DictFile, version: sha256Hex(text) });
  }
  return result;
}

/** Whether the database already holds every dictionary and item exactly as the files give them, and no other item in use. */
async function storedAsInFiles(db: Db, files: readonly DictFile[]): Promise<boolean> {
  const heads = new Map((await db.select().from(dicts)).map((dict) => [dict.code, dict]));
  const rows = await db.select().from(dictItems);
  const items = new Map(rows.map((item) => [`${item.dictCode}\0${item.dictKey}`, item]));
  const inUse = new Map<string, number>();
  for (const row of rows) if (!row.retired) inUse.set(row.dictCode, (inUse.get(row.dictCode) ?? 0) + 1);
  return files.every(
    (dict) =>
      heads.get(dict.code)?.name === dict.name &&
      heads.get(dict.code)?.retired === (dict.retired === true) &&
      inUse.get(dict.code) === dict.items.filter((item) => item.retired !== true).length &&
      dict.items.every((item, index) => {
        const stored = items.get(`${dict.code}\0${item.dictKey}`);
        return (
          stored !== undefined &&
          stored.dictValue === item.dictValue &&
          stored.dictValueEn === (item.dictValueEn ?? null) &&
          stored.sortOrder === index &&
          stored.retired === (item.retired === true)
        );
      }),
  );
}

/**
 * The files whose text the database has not replaced. A file whose version a later studio
 * publication replaced (this machine's files stayed behind) is left alone: the publication wrote
 * its rows and schema-sync.ts installs it, by the same rule (ADR 0046).
 */
async function filesThatDecide(db: Db, files: readonly DictFileRead[]): Promise<DictFile[]> {
  const histories = await unitHistories(db);
  return files.flatMap(({ file, version }) => {
    const history = histories.get(`dictionary\u0000${file.code}`);
    return history && history.latest.version !== version && history.versions.has(version) ? [] : [file];
  });
}

/**
 * Upserts every dictionary from the files at each start: the files are the source, so an edited label
 * or a new item appears after a restart. Items no longer in a file are kept, retired (records may use
 * them: they keep their labels and are no longer offered).
 */
export async function seedDicts(db: Db, schemasDir: string): Promise<void> {
  const files = await filesThatDecide(db, await readDictFiles(schemasDir));
  // Two reads instead of some fifty upserts when nothing changed, the usual restart: the upserts took
  // 0.2 to 0.9 s of every start on an existing data folder, depending on the machine's load (issue 16).
  if (await storedAsInFiles(db, files)) return;
  await db.transaction(async (tx) => {
    for (const dict of files) await storeDictionary(tx, dict);
  });
}
