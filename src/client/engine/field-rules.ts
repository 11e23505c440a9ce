import { validationMessage } from '../../shared/i18n/validation-message';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { formatCheck } from './format-check';

/**
 * One Formily validator description. `required` uses Formily's own rule so the field shows its
 * asterisk; everything else is a plain function, so no rule depends on Formily's built-in messages
 * (which follow the browser's language) or on its own, different, regular expressions.
 */
export type FieldRule =
  | { required: true; message: string }
  | { triggerType: 'onInput'; validator: (value: unknown) => string };

/** A schema that cannot be turned into client rules: as loud as an unknown component. */
export class UnsupportedRuleError extends Error {
  constructor(fieldPath: string, detail: string) {
    super(`Field "${fieldPath}": ${detail}`);
    this.name = 'UnsupportedRuleError';
  }
}

// ajv checks a rule only when the property is present; pruneEmpty drops '' and null before submit,
// so an empty value is "absent" here too and only `required` may complain about it.
const isAbsent = (value: unknown): boolean => value === undefined || value === null || value === '';

// ajv measures string length in code points (ucs2length), not UTF-16 units.
const codePoints = (value: string): number => [...value].length;

const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

interface Check {
  keyword: string;
  params: Record<string, unknown>;
  passes: (value: unknown) => boolean;
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
  const { minItems, maxItems } = node;
  if (typeof minItems === 'number') {
    checks.push({ keyword: 'minItems', params: { limit: minItems }, passes: (v) => !Array.isArray(v) || v.length >= minItems });
  }
  if (typeof maxItems === 'number') {
    checks.push({ keyword: 'maxItems', params: { limit: maxItems }, passes: (v) => !Array.isArray(v) || v.length <= maxItems });
  }
  // uniqueItems is deliberately absent: Formily's check is inverted (STACK.md trap 2); ajv on the server owns it.
  return checks;
}

/**
 * The client-side rules of one field, built from the same keywords the server's ajv checks, with
 * the same messages (shared validationMessage, x-messages overrides included).
 */
export function buildFieldRules(node: JsonSchema, opts: { required: boolean; locale: Locale; fieldPath: string }): FieldRule[] {
  const { locale, fieldPath } = opts;
  const rules: FieldRule[] = [];
  if (opts.required) {
    rules.push({ required: true, message: validationMessage('required', { missingProperty: fieldPath }, node, locale) });
  }
  const checks = [...stringChecks(node, fieldPath), ...numberChecks(node), ...arrayChecks(node)];
  if (node.const !== undefined) {
    const expected = node.const;
    checks.push({ keyword: 'const', params: { allowedValue: expected }, passes: (v) => v === expected });
  }
  for (const check of checks) {
    const message = validationMessage(check.keyword, check.params, node, locale);
    rules.push({ triggerType: 'onInput', validator: (value) => (isAbsent(value) || check.passes(value) ? '' : message) });
  }
  return rules;
}
