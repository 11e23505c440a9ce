import type { JsonSchema } from '../../shared/schema/json-schema';
import { FIXED_PARAM } from './carried-values-href';

/** Values a link carried into a new form (carried-values-href.ts): those shown read-only, and those only filled in. */
export interface CarriedValues {
  fixed: Record<string, string | number | boolean>;
  prefilled: Record<string, string | number | boolean>;
}

/** An address holds text: a number or yes/no field gets its own type back, or nothing when the text is not one. */
function typed(schema: JsonSchema | undefined, text: string): string | number | boolean | undefined {
  const type = schema?.type;
  if (type === 'integer' || type === 'number') {
    const number = Number(text);
    return text.trim() !== '' && Number.isFinite(number) ? number : undefined;
  }
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return type === 'string' || type === undefined ? text : undefined;
}

/**
 * The values in a new form's address: top-level fields of its record only (anything else in the address
 * is not the form's), minus those the page itself takes (`skip`: its fixed values and query fields).
 * Fixed or not is only how the form shows them; the server checks each value it is sent all the same.
 */
export function readCarriedValues(params: URLSearchParams, record: JsonSchema, skip: readonly string[]): CarriedValues {
  const properties = record.properties ?? {};
  const fixedNames = new Set((params.get(FIXED_PARAM) ?? '').split(',').filter(Boolean));
  const carried: CarriedValues = { fixed: {}, prefilled: {} };
  for (const [name, text] of params) {
    if (skip.includes(name) || !Object.hasOwn(properties, name)) continue;
    const value = typed(properties[name], text);
    if (value === undefined) continue;
    carried[fixedNames.has(name) ? 'fixed' : 'prefilled'][name] = value;
  }
  return carried;
}
