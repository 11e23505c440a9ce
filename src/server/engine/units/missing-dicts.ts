import { collectDictCodes } from '../../../shared/schema/collect-dict-codes';
import { isJsonSchema } from '../../../shared/schema/json-schema';
import type { UnitProblem } from './schema-unit-error';

/** The schema files of a unit that may name dictionaries: step schemas, a form, a record schema. */
function holdsFields(file: string): boolean {
  return file.endsWith('.schema.json');
}

/**
 * The x-dict names a candidate uses that no dictionary defines, worded as schemas:check words them
 * (it checks across the whole tree; a unit's own compile does not see the dictionaries). `known` is
 * the database's codes, not this machine's dicts/ folder: a dictionary created in the studio on
 * another process is there the moment its publication commits, its file perhaps never (ADR 0046).
 */
export function missingDicts(known: ReadonlySet<string>, texts: ReadonlyMap<string, string>, prefix: string): UnitProblem[] {
  const problems: UnitProblem[] = [];
  for (const [file, text] of texts) {
    if (!holdsFields(file)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    if (!isJsonSchema(parsed)) continue;
    for (const use of collectDictCodes(parsed)) {
      if (!known.has(use.code))
        problems.push({
          file: `${prefix}${file}`,
          pointer: use.pointer,
          message: `x-dict 引用的字典 "${use.code}" 不存在（应有 dicts/${use.code}.json）`,
        });
    }
  }
  return problems;
}
