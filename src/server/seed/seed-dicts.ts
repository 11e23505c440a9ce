import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DictFile } from '../../shared/generated/dict-file';
import { checkDictFile } from '../../shared/schema/check-dict-file';
import type { Db } from '../db/database';
import { dictItems, dicts } from '../db/schema';

/** Reads schemas/dicts/*.json; a bad file stops the start with the same words as schemas:check. */
export async function readDictFiles(schemasDir: string): Promise<DictFile[]> {
  const dir = join(schemasDir, 'dicts');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  const result: DictFile[] = [];
  for (const file of files) {
    const data: unknown = JSON.parse(await readFile(join(dir, file), 'utf8'));
    const problems = checkDictFile(data);
    if (problems.length > 0) {
      throw new Error(`${join(dir, file)}: ${problems.map((problem) => `#${problem.pointer}: ${problem.message}`).join('; ')}`);
    }
    result.push(data as DictFile);
  }
  return result;
}

/** Whether the database already holds every dictionary and item exactly as the files give them. */
async function storedAsInFiles(db: Db, files: readonly DictFile[]): Promise<boolean> {
  const names = new Map((await db.select().from(dicts)).map((dict) => [dict.code, dict.name]));
  const items = new Map((await db.select().from(dictItems)).map((item) => [`${item.dictCode}\0${item.dictKey}`, item]));
  return files.every(
    (dict) =>
      names.get(dict.code) === dict.name &&
      dict.items.every((item, index) => {
        const stored = items.get(`${dict.code}\0${item.dictKey}`);
        return (
          stored !== undefined &&
          stored.dictValue === item.dictValue &&
          stored.dictValueEn === (item.dictValueEn ?? null) &&
          stored.sortOrder === index
        );
      }),
  );
}

/**
 * Upserts every dictionary from the files at each start: the files are the source, so an edited label
 * or a new item appears after a restart. Items no longer in a file are kept (records may use them).
 */
export async function seedDicts(db: Db, schemasDir: string): Promise<void> {
  const files = await readDictFiles(schemasDir);
  // Two reads instead of some fifty upserts when nothing changed, the usual restart: the upserts took
  // 0.2 to 0.9 s of every start on an existing data folder, depending on the machine's load (issue 16).
  if (await storedAsInFiles(db, files)) return;
  await db.transaction(async (tx) => {
    for (const dict of files) {
      await tx
        .insert(dicts)
        .values({ code: dict.code, name: dict.name })
        .onConflictDoUpdate({ target: dicts.code, set: { name: dict.name } });
      if (dict.items.length === 0) continue;
      await tx
        .insert(dictItems)
        .values(
          dict.items.map((item, index) => ({
            dictCode: dict.code,
            dictKey: item.dictKey,
            dictValue: item.dictValue,
            dictValueEn: item.dictValueEn ?? null,
            sortOrder: index,
          })),
        )
        .onConflictDoUpdate({
          target: [dictItems.dictCode, dictItems.dictKey],
          set: { dictValue: sql`excluded.dict_value`, dictValueEn: sql`excluded.dict_value_en`, sortOrder: sql`excluded.sort_order` },
        });
    }
  });
}
