import { isJsonSchema, type JsonSchema } from './json-schema';

export interface DictUse {
  /** JSON pointer of the `x-dict` keyword in the schema. */
  pointer: string;
  code: string;
}

// These hold instance values, not schemas.
const VALUE_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

/** Every dictionary a schema names, with where it names it. */
export function collectDictCodes(schema: JsonSchema, pointer = ''): DictUse[] {
  const uses: DictUse[] = [];
  const code = schema['x-dict'];
  if (typeof code === 'string') uses.push({ pointer: `${pointer}/x-dict`, code });
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || VALUE_KEYWORDS.has(key)) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isJsonSchema(item)) uses.push(...collectDictCodes(item, `${pointer}/${key}/${index}`));
      });
    } else if (isJsonSchema(value)) {
      if (key === 'properties' || key === 'definitions' || key === 'patternProperties') {
        for (const [name, sub] of Object.entries(value)) {
          if (isJsonSchema(sub)) uses.push(...collectDictCodes(sub, `${pointer}/${key}/${name}`));
        }
      } else {
        uses.push(...collectDictCodes(value, `${pointer}/${key}`));
      }
    }
  }
  return uses;
}

/** The dictionaries a schema names, each once, sorted: what a form or a list loads before it draws labels. */
export function dictCodesOf(schema: JsonSchema): string[] {
  return [...new Set(collectDictCodes(schema).map((use) => use.code))].sort();
}
