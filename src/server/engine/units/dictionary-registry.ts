import type { DictFile } from '../../../shared/generated/dict-file';
import { checkDictFile } from '../../../shared/schema/check-dict-file';
import { eq } from 'drizzle-orm';
import { dicts } from '../../db/schema';
import { storeDictionary } from '../../services/dict/store-dictionary';
import { checkedJson, loadSingleFileUnits } from './single-file-units';
import type { UnitRegistry } from './unit-registry';

export const DICT_SUBDIR = 'dicts';
const SUFFIX = '.json';
/** The meta-schema's code pattern (schemas/meta/dict.schema.json): the file's name is the code. */
export const DICT_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** A dictionary that checked: its code (the file's stem) and its file. */
export interface CompiledDictionary {
  code: string;
  file: DictFile;
}

/**
 * The dictionaries as studio units (ADR 0046): each `dicts/<code>.json` is opened, checked, previewed,
 * created, published and rolled back like a dashboard. Unlike other units, what serves a dictionary is
 * the database (dicts, dict_items: every option list, the write path's check, labels), so a
 * publication writes its rows in its own transaction (`storeRows`): every process reads them at once.
 */
export type DictionaryRegistry = UnitRegistry<CompiledDictionary>;

/** Checks a dictionary's text by schemas:check's own check (checkDictFile, with its file name); throws SchemaUnitError with every problem. */
export function compileDictionary(code: string, text: string): CompiledDictionary {
  const value = checkedJson(`${DICT_SUBDIR}/${code}${SUFFIX}`, text, (parsed) => checkDictFile(parsed, code));
  return { code, file: value as DictFile };
}

/**
 * Loads `dicts/<code>.json`. The start-up seed (seed-dicts.ts) has already refused a bad file, so each
 * compiles here; one that does not is left out like any unit, to be fixed and published.
 */
export async function loadDictionaryRegistry(schemasDir: string): Promise<DictionaryRegistry> {
  const { registry } = await loadSingleFileUnits(schemasDir, {
    kind: 'dictionary',
    subdir: DICT_SUBDIR,
    suffix: SUFFIX,
    name: DICT_CODE,
    noun: '字典',
    compile: compileDictionary,
    title: (dictionary) => dictionary.file.name,
    preview: (dictionary) => ({ code: dictionary.code, name: dictionary.file.name, items: dictionary.file.items }),
  });
  return {
    ...registry,
    retired: (code) => registry.get(code)?.file.retired === true,
    storeRows: (db, _code, dictionary) => storeDictionary(db, dictionary.file),
    holdsName: async (db, code) => (await db.select({ code: dicts.code }).from(dicts).where(eq(dicts.code, code)).limit(1)).length > 0,
  };
}
