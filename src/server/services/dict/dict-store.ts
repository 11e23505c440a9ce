import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DictFile } from '../../../shared/generated/dict-file';
import type { Db } from '../../db/database';
import { dictItems, dicts } from '../../db/schema';

export type DictEntry = DictFile['items'][number];

/** An item as the API answers it: the optional label and the retired mark only when they are set. */
function entryOf(row: { dictKey: string; dictValue: string; dictValueEn: string | null; retired: boolean }): DictEntry {
  const entry: DictEntry = { dictKey: row.dictKey, dictValue: row.dictValue };
  if (row.dictValueEn) entry.dictValueEn = row.dictValueEn;
  if (row.retired) entry.retired = true;
  return entry;
}

/**
 * A dictionary's items in file order, the retired ones after; an unknown code has none. Retired items (taken out of the
 * file, ADR 0046) are there, marked, so a stored value keeps its label; what offers choices drops them
 * (offeredItems).
 */
export async function findDictItems(db: Db, code: string): Promise<DictEntry[]> {
  const rows = await db
    .select({ dictKey: dictItems.dictKey, dictValue: dictItems.dictValue, dictValueEn: dictItems.dictValueEn, retired: dictItems.retired })
    .from(dictItems)
    .where(eq(dictItems.dictCode, code))
    .orderBy(asc(dictItems.retired), asc(dictItems.sortOrder), asc(dictItems.dictKey));
  return rows.map(entryOf);
}

/** The items a form, an import template or a rule description offers: the retired ones left out. */
export function offeredItems(items: readonly DictEntry[]): DictEntry[] {
  return items.filter((item) => item.retired !== true);
}

/**
 * Every dictionary with its items, by code: the integrity area's option lists at once (spec §7 dict/list).
 * A dictionary retired as a whole is there, marked (ADR 0055): the fields naming it still need its labels.
 */
export async function listDicts(db: Db): Promise<{ code: string; name: string; retired?: true; items: DictEntry[] }[]> {
  const heads = await db.select({ code: dicts.code, name: dicts.name, retired: dicts.retired }).from(dicts).orderBy(asc(dicts.code));
  const rows = await db
    .select({
      dictCode: dictItems.dictCode,
      dictKey: dictItems.dictKey,
      dictValue: dictItems.dictValue,
      dictValueEn: dictItems.dictValueEn,
      retired: dictItems.retired,
    })
    .from(dictItems)
    .orderBy(asc(dictItems.dictCode), asc(dictItems.retired), asc(dictItems.sortOrder), asc(dictItems.dictKey));
  return heads.map(({ code, name, retired }) => ({
    code,
    name,
    ...(retired ? { retired: true as const } : {}),
    items: rows.filter((row) => row.dictCode === code).map(entryOf),
  }));
}

/** The database's dictionaries by code, and which of them are retired as a whole. */
export interface KnownDicts {
  codes: ReadonlySet<string>;
  retired: ReadonlySet<string>;
}

/**
 * What x-dict may name, in every process as soon as a publication commits (ADR 0046): any code here,
 * a retired one only where the unit already named it (ADR 0055).
 */
export async function knownDicts(db: Pick<Db, 'select'>): Promise<KnownDicts> {
  const rows = await db.select({ code: dicts.code, retired: dicts.retired }).from(dicts);
  return { codes: new Set(rows.map((row) => row.code)), retired: new Set(rows.filter((row) => row.retired).map((row) => row.code)) };
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
