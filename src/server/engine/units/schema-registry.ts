import { readdir, readFile } from 'node:fs/promises';
import { readTextIfPresent } from '../../lib/read-text-if-present';
import { basename, join } from 'node:path';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { checkSchema } from '../../../shared/schema/check-schema';
import { createAjv } from '../../../shared/schema/create-ajv';
import { isRetiredForm } from '../../../shared/schema/is-retired-form';
import { isJsonSchema, type JsonSchema } from '../../../shared/schema/json-schema';
import { sha256Hex } from '../../lib/sha256';
import { SchemaUnitError, type SkippedUnit, type UnitProblem } from './schema-unit-error';
import { nestedFileProblem, titleOf, writeUnitFiles } from './unit-files';
import type { UnitRegistry } from './unit-registry';

export const FORM_SCHEMA_SUFFIX = '.schema.json';
export const FORMS_SUBDIR = 'forms';

/** One canonical form schema, compiled once at start-up. */
export interface FormSchemaEntry {
  /** The file name without `.schema.json`, e.g. `message`; the URL names it this way. */
  name: string;
  /** `$id`, stored with every record checked against it. */
  id: string;
  /** sha256 of the file: a record remembers exactly which text it was checked against. */
  version: string;
  schema: JsonSchema;
  validate: ValidateFunction;
  /** The file's text, what the studio opens. */
  text: string;
}

/** What the code that uses forms refuses of a candidate form (a form its routes submit through retired, ADR 0055). */
export type FormCandidateGuard = (candidate: FormSchemaEntry) => UnitProblem[];

/** The forms: a unit is one file, `forms/<name>.schema.json`, its text keyed by the file's name. */
export interface SchemaRegistry extends UnitRegistry<FormSchemaEntry> {
  /** Like get, for the schemas a route cannot work without. */
  require(name: string): FormSchemaEntry;
  /** The live forms' names. */
  names(): string[];
  /** Adds a say of the code that uses forms on every candidate (the studio's check, the impact report, a publication, a creation); not on install. */
  guardCandidates(guard: FormCandidateGuard): void;
}

/** Checks and compiles one form file's text; throws SchemaUnitError with each problem as schemas:check words it. */
export function compileFormSchema(name: string, text: string, ajv: Ajv = createAjv({ checked: true })): FormSchemaEntry {
  const relative = `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SchemaUnitError(relative, [{ file: relative, pointer: '', message: `不是合法的 JSON（${(error as Error).message}）` }]);
  }
  if (!isJsonSchema(parsed)) throw new SchemaUnitError(relative, [{ file: relative, pointer: '', message: 'schema 必须是 JSON 对象' }]);
  // The same checks as npm run schemas:check, so a broken file names its pointer here too.
  const problems = checkSchema(parsed);
  if (problems.length > 0)
    throw new SchemaUnitError(
      relative,
      problems.map((problem) => ({ file: relative, ...problem })),
    );
  // An edited form reloaded into the same ajv must not clash with its previous $id.
  if (parsed.$id) ajv.removeSchema(parsed.$id);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(parsed);
  } catch (error) {
    throw new SchemaUnitError(relative, [{ file: relative, pointer: '', message: `无法编译（${(error as Error).message}）` }]);
  }
  return { name, id: parsed.$id ?? name, version: sha256Hex(text), schema: parsed, validate, text };
}

/**
 * Loads every `forms/*.schema.json` under the schemas folder and compiles each with the shared ajv
 * factory (strict mode, the x-* vocabulary). A broken file is left out with its problems (app.ts
 * logs them); a route that cannot work without it still stops the start through require().
 */
export async function loadSchemaRegistry(schemasDir: string): Promise<SchemaRegistry> {
  const formsDir = join(schemasDir, FORMS_SUBDIR);
  const files = (await readdir(formsDir)).filter((file) => file.endsWith(FORM_SCHEMA_SUFFIX)).sort();
  const ajv = createAjv({ checked: true });
  const entries = new Map<string, FormSchemaEntry>();
  const skipped: SkippedUnit[] = [];
  for (const file of files) {
    const name = basename(file, FORM_SCHEMA_SUFFIX);
    try {
      entries.set(name, compileFormSchema(name, await readFile(join(formsDir, file), 'utf8'), ajv));
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
      skipped.push(error.unit);
    }
  }
  const guards: FormCandidateGuard[] = [];
  const path = (name: string) => `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`;
  const fileOf = (name: string) => `${name}${FORM_SCHEMA_SUFFIX}`;
  const textsOf = (entry: FormSchemaEntry | undefined) => (entry ? new Map([[fileOf(entry.name), entry.text]]) : undefined);
  return {
    kind: 'form',
    path,
    filePrefix: () => `${FORMS_SUBDIR}/`,
    unitNames: async () =>
      [
        ...new Set([
          ...entries.keys(),
          ...(await readdir(formsDir))
            .filter((file) => file.endsWith(FORM_SCHEMA_SUFFIX))
            .map((file) => basename(file, FORM_SCHEMA_SUFFIX)),
        ]),
      ].sort(),
    get: (name) => entries.get(name),
    texts: (name) => textsOf(entries.get(name)),
    read: async (name) => {
      const text = await readTextIfPresent(join(formsDir, fileOf(name)));
      return text === undefined ? undefined : new Map([[fileOf(name), text]]);
    },
    // The forms folder holds every form: only this one's file is written, none removed.
    write: (_name, texts) => writeUnitFiles(formsDir, texts, { removeOthers: false }),
    versionOf: (texts) => sha256Hex([...texts.values()][0] ?? ''),
    title: (name) => titleOf(textsOf(entries.get(name)), fileOf(name), name),
    compile: async (name, texts) => {
      const nested = nestedFileProblem(path(name), texts);
      if (nested) throw new SchemaUnitError(path(name), [nested]);
      if (texts.size !== 1 || !texts.has(fileOf(name)))
        throw new SchemaUnitError(path(name), [{ file: path(name), pointer: '', message: `表单只有一个文件：${fileOf(name)}` }]);
      const candidate = compileFormSchema(name, texts.get(fileOf(name)) ?? '');
      const problems = guards.flatMap((guard) => guard(candidate));
      if (problems.length > 0) throw new SchemaUnitError(path(name), problems);
      return candidate;
    },
    preview: (entry) => ({ ...entry.schema }),
    canInstall: () => true,
    require: (name) => {
      const entry = entries.get(name);
      if (!entry) {
        const unit = skipped.find((candidate) => candidate.path === `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`);
        throw unit ? new SchemaUnitError(unit.path, unit.problems) : new Error(`form schema "${name}" is missing from ${formsDir}`);
      }
      return entry;
    },
    names: () => [...entries.keys()],
    retired: (name) => {
      const entry = entries.get(name);
      return entry !== undefined && isRetiredForm(entry.schema);
    },
    guardCandidates: (guard) => {
      guards.push(guard);
    },
    install: (name, texts) => {
      const entry = compileFormSchema(name, [...texts.values()][0] ?? '', ajv);
      entries.set(name, entry);
      const index = skipped.findIndex((unit) => unit.path === `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`);
      if (index !== -1) skipped.splice(index, 1);
      return entry;
    },
    skipped: () => skipped,
  };
}
