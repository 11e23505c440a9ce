import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DictFile } from '../../../shared/generated/dict-file';
import { checkDictFile } from '../../../shared/schema/check-dict-file';
import { eq } from 'drizzle-orm';
import { dicts } from '../../db/schema';
import { sha256Hex } from '../../lib/sha256';
import { storeDictionary } from '../../services/dict/store-dictionary';
import { SchemaUnitError, type SkippedUnit } from './schema-unit-error';
import { writeUnitFiles } from './unit-files';
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

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function codesOnDisk(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).flatMap((file) =>
      file.endsWith(SUFFIX) && DICT_CODE.test(file.slice(0, -SUFFIX.length)) ? [file.slice(0, -SUFFIX.length)] : [],
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Checks a dictionary's text by schemas:check's own check (checkDictFile, with its file name); throws SchemaUnitError with every problem. */
export function compileDictionary(code: string, text: string): CompiledDictionary {
  const file = `${DICT_SUBDIR}/${code}${SUFFIX}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SchemaUnitError(file, [{ file, pointer: '', message: `不是合法的 JSON：${(error as Error).message}` }]);
  }
  const problems = checkDictFile(value, code);
  if (problems.length > 0)
    throw new SchemaUnitError(
      file,
      problems.map((problem) => ({ file, ...problem })),
    );
  return { code, file: value as DictFile };
}

/**
 * Loads `dicts/<code>.json`. The start-up seed (seed-dicts.ts) has already refused a bad file, so each
 * compiles here; one that does not is left out like any unit, to be fixed and published.
 */
export async function loadDictionaryRegistry(schemasDir: string): Promise<DictionaryRegistry> {
  const dir = join(schemasDir, DICT_SUBDIR);
  const fileOf = (code: string) => `${code}${SUFFIX}`;
  const path = (code: string) => `${DICT_SUBDIR}/${fileOf(code)}`;
  const live = new Map<string, { dictionary: CompiledDictionary; text: string }>();
  const skipped: SkippedUnit[] = [];

  for (const code of await codesOnDisk(dir)) {
    const text = (await readText(join(dir, fileOf(code)))) ?? '';
    try {
      live.set(code, { dictionary: compileDictionary(code, text), text });
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
      skipped.push(error.unit);
    }
  }

  /** The one text of a candidate, refused when it is not the dictionary's file alone. */
  const textOf = (code: string, texts: ReadonlyMap<string, string>): string => {
    const file = fileOf(code);
    if (!DICT_CODE.test(code) || texts.size !== 1 || !texts.has(file))
      throw new SchemaUnitError(path(code), [{ file: path(code), pointer: '', message: `字典只有一个文件：${path(code)}` }]);
    return texts.get(file) ?? '';
  };

  return {
    kind: 'dictionary',
    path,
    filePrefix: () => `${DICT_SUBDIR}/`,
    unitNames: async () => [...new Set([...live.keys(), ...(await codesOnDisk(dir))])].sort(),
    get: (code) => live.get(code)?.dictionary,
    texts: (code) => {
      const entry = live.get(code);
      return entry ? new Map([[fileOf(code), entry.text]]) : undefined;
    },
    read: async (code) => {
      if (!DICT_CODE.test(code)) return undefined;
      const text = await readText(join(dir, fileOf(code)));
      return text === undefined ? undefined : new Map([[fileOf(code), text]]);
    },
    // The folder holds one file per dictionary: only this one's is written.
    write: (_code, texts) => writeUnitFiles(dir, texts, { removeOthers: false }),
    versionOf: (texts) => sha256Hex([...texts.values()][0] ?? ''),
    title: (code) => live.get(code)?.dictionary.file.name ?? code,
    compile: async (code, texts) => compileDictionary(code, textOf(code, texts)),
    preview: (dictionary) => ({
      code: dictionary.code,
      name: dictionary.file.name,
      items: dictionary.file.items,
    }),
    canInstall: () => true,
    install: (code, texts) => {
      const text = textOf(code, texts);
      const dictionary = compileDictionary(code, text);
      live.set(code, { dictionary, text });
      const index = skipped.findIndex((unit) => unit.path === path(code));
      if (index !== -1) skipped.splice(index, 1);
      return dictionary;
    },
    skipped: () => skipped,
    storeRows: (db, _code, dictionary) => storeDictionary(db, dictionary.file),
    holdsName: async (db, code) => (await db.select({ code: dicts.code }).from(dicts).where(eq(dicts.code, code)).limit(1)).length > 0,
  };
}
