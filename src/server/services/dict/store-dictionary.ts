import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { DictFile } from '../../../shared/generated/dict-file';
import type { Db } from '../../db/database';
import { dictItems, dicts } from '../../db/schema';

/**
 * Writes one dictionary as its file gives it: its name, whether it is retired as a whole, and each item with its labels, its place and
 * whether it is retired. An item the file no longer has is kept and marked retired, never deleted:
 * stored records hold its key and still show its label, and forms no longer offer it (ADR 0046).
 * The seed at start-up and a studio publication (in the publication's transaction) both call it.
 */
export async function storeDictionary(db: Pick<Db, 'insert' | 'update'>, dict: DictFile): Promise<void> {
  // Retired as a whole (ADR 0055) or not: every process's checks read it from here at commit.
  const retired = dict.retired === true;
  await db
    .insert(dicts)
    .values({ code: dict.code, name: dict.name, retired })
    .onConflictDoUpdate({ target: dicts.code, set: { name: dict.name, retired } });
  await db
    .insert(dictItems)
    .values(
      dict.items.map((item, index) => ({
        dictCode: dict.code,
        dictKey: item.dictKey,
        dictValue: item.dictValue,
        dictValueEn: item.dictValueEn ?? null,
        sortOrder: index,
        retired: item.retired === true,
      })),
    )
    .onConflictDoUpdate({
      target: [dictItems.dictCode, dictItems.dictKey],
      set: {
        dictValue: sql`excluded.dict_value`,
        dictValueEn: sql`excluded.dict_value_en`,
        sortOrder: sql`excluded.sort_order`,
        retired: sql`excluded.retired`,
      },
    });
  await db
    .update(dictItems)
    .set({ retired: true })
    .where(
      and(
        eq(dictItems.dictCode, dict.code),
        notInArray(
          dictItems.dictKey,
          dict.items.map((item) => item.dictKey),
        ),
      ),
    );
}
