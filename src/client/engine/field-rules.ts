import type { GeneralField } from '@formily/core';
import { keywordRank } from '../../shared/schema/first-error-per-field';
import { validationMessage } from '../../shared/i18n/validation-message';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { compareCheck } from './compare-check';
import { nodeChecks } from './schema-checks';
import { siblingValues } from './sibling-values';

export { UnsupportedRuleError } from './schema-checks';

/**
 * One Formily validator description. `required` uses Formily's own rule so the field shows its
 * asterisk; everything else is a plain function, so no rule depends on Formily's built-in messages
 * (which follow the browser's language) or on its own, different, regular expressions.
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

// ajv checks a rule only when the property is present; pruneEmpty drops '' and null before submit,
// so an empty value is "absent" here too and only `required` may complain about it.
const isAbsent = (value: unknown): boolean => value === undefined || value === null || value === '';

export interface FieldRuleOptions {
  required: boolean;
  /** The field's requiredness can change at run time (an if/then condition). */
  conditional?: boolean;
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
  if (opts.required || opts.conditional) {
    rules.push({ required: opts.required, message: validationMessage('required', { missingProperty: fieldPath }, node, locale) });
  }
  // One validator for all the field's checks, in the server's order: the field shows one message,
  // the one the server would give (firstErrorPerField).
  const checks = [...nodeChecks(node, fieldPath)]
    .sort((a, b) => keywordRank(a.keyword) - keywordRank(b.keyword))
    .map((check) => ({ check, message: validationMessage(check.keyword, check.params, node, locale) }));
  // x-compare ranks after every check of the value itself, so it is asked last, with the siblings.
  const compare = compareCheck(node, opts.siblings ?? {}, fieldPath, locale);
  if (checks.length > 0 || compare) {
    rules.push({
      triggerType: 'onInput',
      validator: (value, _rule, ctx) => {
        if (isAbsent(value)) return '';
        const own = checks.find(({ check }) => !check.passes(value))?.message;
        if (own !== undefined) return own;
        if (!compare || !ctx?.field) return '';
        return compare.passes(value, siblingValues(ctx.field)) ? '' : compare.message;
      },
    });
  }
  return rules;
}
