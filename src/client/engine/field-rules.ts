import type { GeneralField } from '@formily/core';
import { keywordRank } from '../../shared/schema/first-error-per-field';
import { validationMessage } from '../../shared/i18n/validation-message';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { isEmptyValue } from '../../shared/schema/prune-empty';
import { compareCheck } from './compare-check';
import { primaryType } from '../../shared/schema/component-names';
import { nodeChecks } from './schema-checks';
import { siblingValues } from './sibling-values';
import { markVerdictRule } from './verdict-rules';

export { UnsupportedRuleError } from './schema-checks';

/**
 * One Formily validator description. `required` uses Formily's own rule so the field shows its
 * asterisk (an array excepted, see requiresOwnRule); everything else is a plain function, so no rule
 * depends on Formily's built-in messages (which follow the browser's language) or on its own,
 * different, regular expressions.
 *
 * A conditionally required field carries `required: false` with its message: its reaction flips
 * `field.required`, and Formily then toggles this very rule, so the message stays ours.
 */
export type FieldRule =
  | { required: boolean; message: string }
  | { triggerType: 'onInput'; validator: (value: unknown, rule?: unknown, ctx?: RuleContext) => string };

/** What Formily passes a validator besides the value: the field, whose siblings a cross-field rule reads. */
export interface RuleContext {
  field?: GeneralField;
}

/**
 * Whether a required field's emptiness is judged by its own function rule rather than by Formily's
 * required rule. True for an array (ArrayTable, ArrayCards, Upload, Checkbox.Group): Formily calls
 * an array empty when none of its items is set ([null] too), pruneEmpty only when it has no item, and
 * the browser must call empty exactly what the server's prune drops, so that `[]` and absent both get
 * the `required` message and a list with items gets minItems (issue 17). Such a field shows its
 * asterisk through its decorator instead (compile-schema.ts), as `field.required` stays false.
 */
export function requiresOwnRule(node: JsonSchema): boolean {
  return primaryType(node) === 'array';
}

export interface FieldRuleOptions {
  required: boolean;
  /** The field's requiredness can change at run time (an if/then condition). */
  conditional?: boolean;
  /**
   * For a conditional field that requiresOwnRule: whether it is required for the values beside it
   * now (conditionRequired). Without it, or without the field, such a field is not required.
   */
  requiredNow?: (field: GeneralField) => boolean;
  locale: Locale;
  fieldPath: string;
  /** The properties of the object holding the field: the other side of an x-compare. */
  siblings?: Record<string, JsonSchema>;
}

/**
 * The client-side rules of one field, built from the same checks validateValues uses (and the
 * server's ajv applies), with the same messages (shared validationMessage, x-messages included).
 */
export function buildFieldRules(node: JsonSchema, opts: FieldRuleOptions): FieldRule[] {
  const { locale, fieldPath } = opts;
  const rules: FieldRule[] = [];
  const requirable = opts.required || opts.conditional === true;
  const requiredMessage = requirable ? validationMessage('required', { missingProperty: fieldPath }, node, locale) : '';
  const ownRequired = requirable && requiresOwnRule(node);
  if (requirable && !ownRequired) rules.push({ required: opts.required, message: requiredMessage });
  const requiredNow = (ctx: RuleContext | undefined): boolean =>
    opts.required || (ctx?.field !== undefined && opts.requiredNow?.(ctx.field) === true);
  // One validator for all the field's checks, in the server's order: the field shows one message,
  // the one the server would give (firstErrorPerField).
  const checks = [...nodeChecks(node, fieldPath)]
    .sort((a, b) => keywordRank(a.keyword) - keywordRank(b.keyword))
    .map((check) => ({ check, message: validationMessage(check.keyword, check.params, node, locale) }));
  // x-compare ranks after every check of the value itself, so it is asked last, with the siblings.
  const compare = compareCheck(node, opts.siblings ?? {}, fieldPath, locale);
  if (checks.length > 0 || compare || ownRequired) {
    rules.push({
      triggerType: 'onInput',
      // Marked: validateValues applies the same checks, so a long form's verdict may judge this rule.
      validator: markVerdictRule((value: unknown, _rule?: unknown, ctx?: RuleContext): string => {
        // ajv checks a rule only when the property is present, and pruneEmpty drops every empty value
        // ('', null, []) before submit: an empty value is "absent" here too, and only `required`
        // may complain about it.
        if (isEmptyValue(value)) return ownRequired && requiredNow(ctx) ? requiredMessage : '';
        const own = checks.find(({ check }) => !check.passes(value))?.message;
        if (own !== undefined) return own;
        if (!compare) return '';
        // A rule with today or now needs no sibling; one naming a sibling needs the field to find it.
        const siblings = ctx?.field ? siblingValues(ctx.field) : compare.field === undefined ? {} : undefined;
        if (!siblings) return '';
        return compare.passes(value, siblings) ? '' : compare.message;
      }),
    });
  }
  return rules;
}
