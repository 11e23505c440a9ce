import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { checkSchema } from '../../../shared/schema/check-schema';
import { createAjv } from '../../../shared/schema/create-ajv';
import { isJsonSchema, type JsonSchema } from '../../../shared/schema/json-schema';
import { sha256Hex } from '../../lib/sha256';

const SUFFIX = '.schema.json';

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
}

export interface SchemaRegistry {
  get(name: string): FormSchemaEntry | undefined;
  /** Like get, for the schemas a route cannot work without. */
  require(name: string): FormSchemaEntry;
  names(): string[];
}

/**
 * Loads every `forms/*.schema.json` under the schemas folder and compiles each with the shared ajv
 * factory (strict mode, the x-* vocabulary). A broken schema stops the server at start rather than
 * letting bad input through later. Editing a file and restarting is enough to change a form.
 */
export async function loadSchemaRegistry(schemasDir: string): Promise<SchemaRegistry> {
  const formsDir = join(schemasDir, 'forms');
  const files = (await readdir(formsDir)).filter((file) => file.endsWith(SUFFIX)).sort();
  // Each file passes checkSchema below before it is compiled.
  const ajv = createAjv({ checked: true });
  const entries = new Map<string, FormSchemaEntry>();
  for (const file of files) {
    const path = join(formsDir, file);
    const text = await readFile(path, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`${path}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
    if (!isJsonSchema(parsed)) throw new Error(`${path}: a schema must be a JSON object`);
    // The same checks as npm run schemas:check, so a broken file names its pointer here too.
    const problems = checkSchema(parsed);
    if (problems.length > 0) {
      throw new Error(`${path}: ${problems.map((problem) => `#${problem.pointer}: ${problem.message}`).join('; ')}`);
    }
    const name = basename(file, SUFFIX);
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(parsed);
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
    }
    entries.set(name, { name, id: parsed.$id ?? name, version: sha256Hex(text), schema: parsed, validate });
  }
  return {
    get: (name) => entries.get(name),
    require: (name) => {
      const entry = entries.get(name);
      if (!entry) throw new Error(`form schema "${name}" is missing from ${formsDir}`);
      return entry;
    },
    names: () => [...entries.keys()],
  };
}
