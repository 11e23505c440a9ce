import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DictFile } from '../../../shared/generated/dict-file';
import type { Db } from '../../db/database';
import { dictItems, dicts } from '../../db/schema';

export type DictEntry = DictFile['items'][number];

/** A dictionary's items in file order; an unknown code has none. */
export async function findDictItems(db: Db, code: string): Promise<DictEntry[]> {
  const rows = await db
    .select({ dictKey: dictItems.dictKey, dictValue: dictItems.dictValue, dictValueEn: dictItems.dictValueEn })
    .from(dictItems)
    .where(eq(dictItems.dictCode, code))
    .orderBy(asc(dictItems.sortOrder), asc(dictItems.dictKey));
  return rows.map(({ dictValueEn, ...rest }) => (dictValueEn ? { ...rest, dictValueEn } : rest));
}

/** Every dictionary with its items, by code: the integrity area's option lists at once (spec §7 dict/list). */
export async function listDicts(db: Db): Promise<{ code: string; name: string; items: DictEntry[] }[]> {
  const heads = await db.select({ code: dicts.code, name: dicts.name }).from(dicts).orderBy(asc(dicts.code));
  const rows = await db
    .select({
      dictCode: dictItems.dictCode,
      dictKey: dictItems.dictKey,
      dictValue: dictItems.dictValue,
      dictValueEn: dictItems.dictValueEn,
    })
    .from(dictItems)
    .orderBy(asc(dictItems.dictCode), asc(dictItems.sortOrder), asc(dictItems.dictKey));
  return heads.map((head) => ({
    ...head,
    items: rows
      .filter((row) => row.dictCode === head.code)
      .map(({ dictCode: _code, dictValueEn, ...rest }) => (dictValueEn ? { ...rest, dictValueEn } : rest)),
  }));
}

/** Which of `keys` the dictionary `code` holds. */
export async function existingDictKeys(db: Db, code: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ dictKey: dictItems.dictKey })
    .from(dictItems)
    .where(and(eq(dictItems.dictCode, code), inArray(dictItems.dictKey, keys)));
  return new Set(rows.map((row) => row.dictKey));
}
