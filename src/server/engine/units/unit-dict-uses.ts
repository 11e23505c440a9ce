import { collectDictCodes } from '../../../shared/schema/collect-dict-codes';
import { isJsonSchema } from '../../../shared/schema/json-schema';

/** One x-dict of a unit's files: the file (with the unit's prefix), where in it, and the code it names. */
export interface UnitDictUse {
  file: string;
  pointer: string;
  code: string;
}

/** The schema files of a unit that may name dictionaries: step schemas, a form, a record schema. */
function holdsFields(file: string): boolean {
  return file.endsWith('.schema.json');
}

/** Every x-dict a unit's schema files name; a file that does not parse names none (its own check says why). */
export function unitDictUses(texts: ReadonlyMap<string, string>, prefix: string): UnitDictUse[] {
  const uses: UnitDictUse[] = [];
  for (const [file, text] of texts) {
    if (!holdsFields(file)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    if (!isJsonSchema(parsed)) continue;
    for (const use of collectDictCodes(parsed)) uses.push({ file: `${prefix}${file}`, pointer: use.pointer, code: use.code });
  }
  return uses;
}
