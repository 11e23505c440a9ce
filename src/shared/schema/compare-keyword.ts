import type { AnySchemaObject, FuncKeywordDefinition } from 'ajv';
import { COMPARE_KEYWORD, compareKind, compareMoment, compareRuleFits, compareRuleHolds } from './compare-rule';
import type { CompareRule, JsonSchema } from './json-schema';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface CompareValidate {
  (data: unknown, dataCxt?: { parentData?: unknown }): boolean;
  errors?: Array<{ keyword: string; params: Record<string, unknown>; message: string }>;
}

/**
 * x-compare on the server: ajv validates a property's subschema only when the property is present,
 * so the keyword sees this field's value and reads the sibling from the object holding it
 * (parentData). The error goes through toFieldErrors like any other, on this field's path; the
 * params carry the operator and the other field's name (toFieldErrors adds its title) or the moment.
 *
 * A rule with today or now is judged by the system clock when the value is validated: the compiled
 * validator outlives any request, and "today" is the Beijing date of that instant whatever the
 * server's own zone (compareRuleHolds).
 */
export const compareKeyword: FuncKeywordDefinition = {
  keyword: COMPARE_KEYWORD,
  schemaType: 'object',
  errors: true,
  compile(rule: CompareRule, parentSchema: AnySchemaObject) {
    const kind = compareKind(parentSchema as JsonSchema);
    // schemas:check refuses these before anything compiles; a schema that skipped it must not pass silently.
    if (!kind) throw new Error(`${COMPARE_KEYWORD} needs a number field or a string of format date or date-time`);
    if (!compareRuleFits(rule, kind))
      throw new Error(`${COMPARE_KEYWORD} needs one of field, today (format date) or now (format date-time) that fits the field`);
    const moment = compareMoment(rule);
    const params = moment === undefined ? { comparison: rule.op, field: rule.field } : { comparison: rule.op, moment };
    const validate: CompareValidate = (data, dataCxt) => {
      const siblings = dataCxt?.parentData;
      if (compareRuleHolds(rule, kind, data, isRecord(siblings) ? siblings : {}, new Date())) return true;
      validate.errors = [{ keyword: COMPARE_KEYWORD, params, message: `must be ${rule.op} ${moment ?? rule.field ?? ''}` }];
      return false;
    };
    return validate;
  },
};
