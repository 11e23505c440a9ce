import type { AnySchemaObject, FuncKeywordDefinition } from 'ajv';
import { COMPARE_KEYWORD, compareHolds, compareKind } from './compare-rule';
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
 * params carry the operator and the other field's name, and toFieldErrors adds its title.
 */
export const compareKeyword: FuncKeywordDefinition = {
  keyword: COMPARE_KEYWORD,
  schemaType: 'object',
  errors: true,
  compile(rule: CompareRule, parentSchema: AnySchemaObject) {
    const kind = compareKind(parentSchema as JsonSchema);
    // schemas:check refuses this before anything compiles; a schema that skipped it must not pass silently.
    if (!kind) throw new Error(`${COMPARE_KEYWORD} needs a number field or a string of format date or date-time`);
    const validate: CompareValidate = (data, dataCxt) => {
      const siblings = dataCxt?.parentData;
      const other = isRecord(siblings) ? siblings[rule.field] : undefined;
      if (compareHolds(rule.op, kind, data, other)) return true;
      validate.errors = [
        { keyword: COMPARE_KEYWORD, params: { comparison: rule.op, field: rule.field }, message: `must be ${rule.op} ${rule.field}` },
      ];
      return false;
    };
    return validate;
  },
};
