import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { collectDictCodes } from '../../../shared/schema/collect-dict-codes';
import { isJsonSchema } from '../../../shared/schema/json-schema';
import type { UnitProblem } from './schema-unit-error';

/** The schema files of a unit that may name dictionaries: step schemas, a form, a record schema. */
function holdsFields(file: string): boolean {
  return file.endsWith('.schema.json');
}

/**
 * The x-dict names a candidate uses that no `dicts/<code>.json` defines, worded as schemas:check words
 * them (it checks across the whole tree; a unit's own compile does not see the dictionaries).
 */
export async function missingDicts(schemasDir: string, texts: ReadonlyMap<string, string>, prefix: string): Promise<UnitProblem[]> {
  const known = new Set(
    (await readdir(join(schemasDir, 'dicts'))).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)),
  );
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
