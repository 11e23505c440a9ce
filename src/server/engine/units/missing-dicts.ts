import type { UnitProblem } from './schema-unit-error';
import { unitDictUses } from './unit-dict-uses';

/**
 * The x-dict names a candidate uses that no dictionary defines, worded as schemas:check words them
 * (it checks across the whole tree; a unit's own compile does not see the dictionaries). `known` is
 * the database's codes, not this machine's dicts/ folder: a dictionary created in the studio on
 * another process is there the moment its publication commits, its file perhaps never (ADR 0046).
 */
export function missingDicts(known: ReadonlySet<string>, texts: ReadonlyMap<string, string>, prefix: string): UnitProblem[] {
  return unitDictUses(texts, prefix)
    .filter((use) => !known.has(use.code))
    .map((use) => ({
      file: use.file,
      pointer: use.pointer,
      message: `x-dict 引用的字典 "${use.code}" 不存在（应有 dicts/${use.code}.json）`,
    }));
}
