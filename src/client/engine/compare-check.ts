import type { Locale } from '../../shared/i18n/locale';
import { validationMessage } from '../../shared/i18n/validation-message';
import { COMPARE_KEYWORD, compareErrorParams, compareHolds, compareKind } from '../../shared/schema/compare-rule';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { UnsupportedRuleError } from './schema-checks';

/**
 * A field's x-compare in the browser: a plain function over the field's value and its object's
 * values, interpreting the rule as data (nothing is compiled: the CSP forbids unsafe-eval). It
 * judges with the same shared function as the server's ajv keyword and gives the same params, so
 * the same message.
 */
export interface CompareCheck {
  /** The sibling property the rule compares with. */
  field: string;
  params: Record<string, unknown>;
  message: string;
  /** Whether the rule holds for this value beside these values of the object holding the field. */
  passes: (value: unknown, siblings: Readonly<Record<string, unknown>>) => boolean;
}

/**
 * The field's cross-field check, or undefined when it has no x-compare. `siblings` are the
 * properties of the object holding the field. Throws UnsupportedRuleError for a rule schemas:check
 * would have refused, rather than rendering a form that silently lacks it.
 */
export function compareCheck(
  node: JsonSchema,
  siblings: Readonly<Record<string, JsonSchema>>,
  fieldPath: string,
  locale: Locale,
): CompareCheck | undefined {
  const rule = node['x-compare'];
  if (!rule) return undefined;
  const kind = compareKind(node);
  if (!kind) throw new UnsupportedRuleError(fieldPath, `${COMPARE_KEYWORD} needs a number field or a string of format date or date-time`);
  const sibling = siblings[rule.field];
  if (!sibling)
    throw new UnsupportedRuleError(fieldPath, `${COMPARE_KEYWORD} names "${rule.field}", which is not a property of the same object`);
  const params = compareErrorParams(rule, sibling, locale);
  return {
    field: rule.field,
    params,
    message: validationMessage(COMPARE_KEYWORD, params, node, locale),
    passes: (value, values) => compareHolds(rule.op, kind, value, values[rule.field]),
  };
}
