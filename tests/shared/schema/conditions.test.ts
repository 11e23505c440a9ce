import { describe, expect, it } from 'vitest';
import { conditionHolds, deriveConditions, fieldState, UnsupportedConditionError } from '../../../src/shared/schema/conditions';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { MINI_BASIC } from '../fixtures/mini-activity';

describe('deriveConditions', () => {
  it('reads an if/then/else into fields shown per branch', () => {
    expect(deriveConditions(MINI_BASIC)).toEqual([
      {
        when: [{ field: 'hasPatents', const: true }],
        thenFields: ['patentCount'],
        thenRequired: ['patentCount'],
        elseFields: ['reason'],
        elseRequired: [],
      },
    ]);
  });

  it('reads every if inside allOf, with enum tests', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { kind: { type: 'string' }, a: { type: 'string' }, b: { type: 'string' } },
      allOf: [
        { if: { properties: { kind: { enum: ['x', 'y'] } }, required: ['kind'] }, then: { required: ['a'] } },
        { if: { properties: { kind: { const: 'z' } }, required: ['kind'] }, then: { properties: { b: { type: 'string' } } } },
      ],
    };
    const conditions = deriveConditions(schema);
    expect(conditions.map((c) => c.thenFields)).toEqual([['a'], ['b']]);
    expect(conditions[0]?.when).toEqual([{ field: 'kind', enum: ['x', 'y'] }]);
  });

  it.each([
    [{ if: { properties: { a: { minLength: 2 } }, required: ['a'] }, then: { required: ['b'] } }, '/if/properties/a'],
    [{ if: { properties: { a: { const: 1 } } }, then: { required: ['b'] } }, '/if/required'],
    [{ if: { properties: { a: { const: 1 } }, required: ['a'] }, then: { maxLength: 2 } }, '/then'],
    [{ if: { not: {} }, then: { required: ['b'] } }, '/if'],
  ])('refuses a condition it cannot derive (%#)', (schema, pointer) => {
    expect(() => deriveConditions(schema as JsonSchema)).toThrow(UnsupportedConditionError);
    try {
      deriveConditions(schema as JsonSchema);
    } catch (error) {
      expect((error as UnsupportedConditionError).pointer).toBe(pointer);
    }
  });
});

describe('conditionHolds and fieldState', () => {
  const [condition] = deriveConditions(MINI_BASIC);

  it('holds only when the field is present and equal, as ajv judges an if with required', () => {
    expect(conditionHolds(condition!, { hasPatents: true })).toBe(true);
    expect(conditionHolds(condition!, { hasPatents: false })).toBe(false);
    expect(conditionHolds(condition!, {})).toBe(false);
  });

  it('shows and requires the then field only while the condition holds', () => {
    expect(fieldState(MINI_BASIC, 'patentCount', { hasPatents: true })).toEqual({ visible: true, required: true });
    expect(fieldState(MINI_BASIC, 'patentCount', { hasPatents: false })).toEqual({ visible: false, required: false });
    expect(fieldState(MINI_BASIC, 'reason', { hasPatents: false })).toEqual({ visible: true, required: false });
    expect(fieldState(MINI_BASIC, 'reason', { hasPatents: true })).toEqual({ visible: false, required: false });
  });

  it('leaves unconditional fields visible, required as the object says', () => {
    expect(fieldState(MINI_BASIC, 'name', {})).toEqual({ visible: true, required: true });
  });
});
