import type { Locale } from '../../shared/i18n/locale';
import { validationMessage } from '../../shared/i18n/validation-message';
import { COMPARE_KEYWORD, compareErrorParams, compareKind, compareRuleFits, compareRuleHolds } from '../../shared/schema/compare-rule';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { UnsupportedRuleError } from './schema-checks';

/**
 * A field's x-compare in the browser: a plain function over the field's value and its object's
 * values, interpreting the rule as data (nothing is compiled: the CSP forbids unsafe-eval). It
 * judges with the same shared function as the server's ajv keyword and gives the same params, so
 * the same message.
 */
export interface CompareCheck {
  /** The sibling property the rule compares with; undefined for a rule with today or now. */
  field: string | undefined;
  params: Record<string, unknown>;
  message: string;
  /**
   * Whether the rule holds for this value beside these values of the object holding the field. A rule
   * with today or now asks the browser's clock each time: a form left open overnight judges by the new day.
   */
  passes: (value: unknown, siblings: Readonly<Record<string, unknown>>) => boolean;
}

/**
 * The field's x-compare check, or undefined when it has no x-compare. `siblings` are the
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
  if (!compareRuleFits(rule, kind))
    throw new UnsupportedRuleError(fieldPath, `${COMPARE_KEYWORD} needs one of field, today (format date) or now (format date-time)`);
  const sibling = rule.field === undefined ? undefined : siblings[rule.field];
  if (rule.field !== undefined && !sibling)
    throw new UnsupportedRuleError(fieldPath, `${COMPARE_KEYWORD} names "${rule.field}", which is not a property of the same object`);
  const params = compareErrorParams(rule, sibling, locale);
  return {
    field: rule.field,
    params,
    message: validationMessage(COMPARE_KEYWORD, params, node, locale),
    passes: (value, values) => compareRuleHolds(rule, kind, value, values, new Date()),
  };
}
