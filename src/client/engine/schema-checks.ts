import type { JsonSchema } from '../../shared/schema/json-schema';
import { formatCheck } from './format-check';

/**
 * One keyword check of one schema node, the way ajv on the server applies it: `passes` ignores a
 * value of another type (ajv applies maxLength only to strings, minimum only to numbers…), so a
 * wrong type is reported once, by the type check, not again by every keyword.
 *
 * The Formily field rules (field-rules.ts) and the pure verdict (validate-values.ts) both build
 * their checks here, so the browser shows exactly the rules it will judge a submit by.
 */
export interface Check {
  keyword: string;
  params: Record<string, unknown>;
  passes: (value: unknown) => boolean;
}

/** A schema that cannot be turned into client rules: as loud as an unknown component. */
export class UnsupportedRuleError extends Error {
  constructor(fieldPath: string, detail: string) {
    super(`Field "${fieldPath}": ${detail}`);
    this.name = 'UnsupportedRuleError';
  }
}

// ajv measures string length in code points (ucs2length), not UTF-16 units.
const codePoints = (value: string): number => [...value].length;

const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Structural equality as ajv's enum, const and uniqueItems use it (fast-deep-equal on JSON data). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
}

const JSON_TYPE_TESTS: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  array: (v) => Array.isArray(v),
};

/** Whether a value has one of the node's JSON types (true when the node names none). */
export function typeMatches(node: JsonSchema, value: unknown): boolean {
  const { type } = node;
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => JSON_TYPE_TESTS[t]?.(value) ?? false);
}

function stringChecks(node: JsonSchema, fieldPath: string): Check[] {
  const checks: Check[] = [];
  const { maxLength, minLength, pattern, format } = node;
  if (typeof maxLength === 'number') {
    checks.push({ keyword: 'maxLength', params: { limit: maxLength }, passes: (v) => typeof v !== 'string' || codePoints(v) <= maxLength });
  }
  if (typeof minLength === 'number') {
    checks.push({ keyword: 'minLength', params: { limit: minLength }, passes: (v) => typeof v !== 'string' || codePoints(v) >= minLength });
  }
  if (typeof pattern === 'string') {
    // ajv compiles patterns with the unicode flag.
    const re = new RegExp(pattern, 'u');
    checks.push({ keyword: 'pattern', params: { pattern }, passes: (v) => typeof v !== 'string' || re.test(v) });
  }
  if (typeof format === 'string') {
    const check = formatCheck(format);
    if (!check) throw new UnsupportedRuleError(fieldPath, `unknown format "${format}"`);
    checks.push({ keyword: 'format', params: { format }, passes: (v) => typeof v !== 'string' || check(v) });
  }
  return checks;
}

function numberChecks(node: JsonSchema): Check[] {
  const checks: Check[] = [];
  const bound = (keyword: string, limit: number | undefined, comparison: string, ok: (n: number, l: number) => boolean): void => {
    if (typeof limit !== 'number') return;
    checks.push({
      keyword,
      params: { comparison, limit },
      passes: (v) => {
        const n = asNumber(v);
        return n === undefined || ok(n, limit);
      },
    });
  };
  bound('minimum', node.minimum, '>=', (n, l) => n >= l);
  bound('maximum', node.maximum, '<=', (n, l) => n <= l);
  bound('exclusiveMinimum', node.exclusiveMinimum, '>', (n, l) => n > l);
  bound('exclusiveMaximum', node.exclusiveMaximum, '<', (n, l) => n < l);
  const { multipleOf } = node;
  if (typeof multipleOf === 'number') {
    checks.push({
      keyword: 'multipleOf',
      params: { multipleOf },
      passes: (v) => {
        const n = asNumber(v);
        return n === undefined || Number.isInteger(Number((n / multipleOf).toPrecision(12)));
      },
    });
  }
  return checks;
}

function arrayChecks(node: JsonSchema): Check[] {
  const checks: Check[] = [];
  const { minItems, maxItems, uniqueItems } = node;
  if (typeof minItems === 'number') {
    checks.push({ keyword: 'minItems', params: { limit: minItems }, passes: (v) => !Array.isArray(v) || v.length >= minItems });
  }
  if (typeof maxItems === 'number') {
    checks.push({ keyword: 'maxItems', params: { limit: maxItems }, passes: (v) => !Array.isArray(v) || v.length <= maxItems });
  }
  // Our own function, never Formily's `uniqueItems` keyword, whose check is inverted (STACK.md trap 2).
  if (uniqueItems === true) {
    checks.push({
      keyword: 'uniqueItems',
      params: {},
      passes: (v) => !Array.isArray(v) || v.every((item, i) => v.findIndex((other) => deepEqual(other, item)) === i),
    });
  }
  return checks;
}

function valueChecks(node: JsonSchema): Check[] {
  const checks: Check[] = [];
  if (node.const !== undefined) {
    const expected = node.const;
    checks.push({ keyword: 'const', params: { allowedValue: expected }, passes: (v) => deepEqual(v, expected) });
  }
  if (Array.isArray(node.enum)) {
    const allowed = node.enum;
    checks.push({ keyword: 'enum', params: { allowedValues: allowed }, passes: (v) => allowed.some((a) => deepEqual(a, v)) });
  }
  return checks;
}

/**
 * Every keyword check of one node except `type`, `required` and the keywords that hold
 * sub-schemas (properties, items, if/then/else), which the callers walk themselves.
 * Throws UnsupportedRuleError for a format the client cannot check.
 */
export function nodeChecks(node: JsonSchema, fieldPath: string): Check[] {
  return [...stringChecks(node, fieldPath), ...numberChecks(node), ...arrayChecks(node), ...valueChecks(node)];
}
