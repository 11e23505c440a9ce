import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DictFile } from '../../shared/generated/dict-file';
import { checkDictFile } from '../../shared/schema/check-dict-file';
import type { Db } from './database';
import { dictItems, dicts } from './schema';


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

/**
 * Upserts every dictionary from the files at each start: the files are the source, so an edited label
 * or a new item appears after a restart. Items no longer in a file are kept (records may use them).
 */
export async function seedDicts(db: Db, schemasDir: string): Promise<void> {
  const files = await readDictFiles(schemasDir);
  await db.transaction(async (tx) => {
    for (const dict of files) {
      await tx.insert(dicts).values({ code: dict.code, name: dict.name }).onConflictDoUpdate({ target: dicts.code, set: { name: dict.name } });
      if (dict.items.length === 0) continue;
      await tx
        .insert(dictItems)
        .values(dict.items.map((item, index) => ({ dictCode: dict.code, dictKey: item.dictKey, dictValue: item.dictValue, dictValueEn: item.dictValueEn ?? null, sortOrder: index })))
        .onConflictDoUpdate({
          target: [dictItems.dictCode, dictItems.dictKey],
          set: { dictValue: sql`excluded.dict_value`, dictValueEn: sql`excluded.dict_value_en`, sortOrder: sql`excluded.sort_order` },
        });
    }
  });
}
