import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { checkSchema } from '../../../shared/schema/check-schema';
import { createAjv } from '../../../shared/schema/create-ajv';
import { isJsonSchema, type JsonSchema } from '../../../shared/schema/json-schema';
import { sha256Hex } from '../../lib/sha256';
import { SchemaUnitError, type SkippedUnit } from './schema-unit-error';

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

export interface SchemaRegistry {
  get(name: string): FormSchemaEntry | undefined;
  /** Like get, for the schemas a route cannot work without. */
  require(name: string): FormSchemaEntry;
  names(): string[];
  /** Makes this text the live version of the form (a publication from the studio). */
  install(name: string, text: string): FormSchemaEntry;
  /** The files left out at start-up, each with its problems. */
  skipped(): readonly SkippedUnit[];
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
  if (problems.length > 0) throw new SchemaUnitError(relative, problems.map((problem) => ({ file: relative, ...problem })));
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
  return {
    get: (name) => entries.get(name),
    require: (name) => {
      const entry = entries.get(name);
      if (!entry) {
        const unit = skipped.find((candidate) => candidate.path === `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`);
        throw unit ? new SchemaUnitError(unit.path, unit.problems) : new Error(`form schema "${name}" is missing from ${formsDir}`);
      }
      return entry;
    },
    names: () => [...entries.keys()],
    install: (name, text) => {
      const entry = compileFormSchema(name, text, ajv);
      entries.set(name, entry);
      const index = skipped.findIndex((unit) => unit.path === `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`);
      if (index !== -1) skipped.splice(index, 1);
      return entry;
    },
    skipped: () => skipped,
  };
}
