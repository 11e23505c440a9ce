import type { UnitProblem } from './schema-unit-error';
import { unitDictUses } from './unit-dict-uses';

/**
 * The x-dict uses of a candidate that name a retired dictionary (ADR 0055) the live version of the same
 * unit does not name: retired means hidden from new use, so a new field, a new unit or a rollback to a
 * version that named it is refused, while a unit that already names it may keep it, move it and publish
 * anything else. The unit is the grain (not the field's pointer, which a move or a rename changes).
 */
export function newlyRetiredDicts(
  retired: ReadonlySet<string>,
  live: ReadonlyMap<string, string> | undefined,
  texts: ReadonlyMap<string, string>,
  prefix: string,
): UnitProblem[] {
  if (retired.size === 0) return [];
  const named = new Set(live ? unitDictUses(live, prefix).map((use) => use.code) : []);
  return unitDictUses(texts, prefix)
    .filter((use) => retired.has(use.code) && !named.has(use.code))
    .map((use) => ({
      file: use.file,
      pointer: use.pointer,
      message: `字典 "${use.code}" 已停用，不能用于新的字段（已经引用它的字段照常使用；要恢复，发布不带 "retired" 的 dicts/${use.code}.json）`,
    }));
}
