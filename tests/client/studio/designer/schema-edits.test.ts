import { describe, expect, it } from 'vitest';
import { addShowWhen, clearShowWhen, conditionsOfField } from '../../../../src/client/studio/designer/field-conditions';
import { kindOf, newFieldSchema } from '../../../../src/client/studio/designer/field-kind';
import {
  addField,
  fieldsAt,
  moveField,
  moveIntoGroup,
  moveOutOfGroup,
  NameTakenError,
  removeField,
  setRequired,
} from '../../../../src/client/studio/designer/schema-edits';
import { createAjv } from '../../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';

const titles = { zh: '字段', en: 'Field' };
const base = (): JsonSchema => ({
  type: 'object',
  required: ['a', 'b'],
  additionalProperties: false,
  properties: {
    a: { type: 'string', title: 'A', 'x-order': 1 },
    b: { type: 'string', title: 'B', 'x-order': 2 },
    team: { ...newFieldSchema('table', titles), 'x-order': 3 },
  },
});
const names = (schema: JsonSchema, path: string[] = []) => fieldsAt(schema, path).map((field) => field.name);

describe('the designer edits standard JSON Schema', () => {
  it('adds a field at a position, renumbering x-order where the group uses it', () => {
    const next = addField(base(), [], 'c', newFieldSchema('text', titles), 1);
    expect(names(next)).toEqual(['a', 'c', 'b', 'team']);
    expect(Object.keys(next.properties ?? {})).toEqual(['a', 'c', 'b', 'team']);
    expect(next.properties?.c?.['x-order']).toBe(2);
    expect(base().properties?.c).toBeUndefined();
  });

  it('moves a field among its siblings and leaves the original untouched', () => {
    const start = base();
    const next = moveField(start, ['team'], 0);
    expect(names(next)).toEqual(['team', 'a', 'b']);
    expect(names(start)).toEqual(['a', 'b', 'team']);
    expect(moveField(start, ['a'], 5)).toBe(start);
  });

  it('moves a field into a table as a column and out again, its required flag with it', () => {
    const inside = moveIntoGroup(base(), ['b'], ['team']);
    expect(names(inside)).toEqual(['a', 'team']);
    expect(names(inside, ['team'])).toEqual(['name', 'b']);
    expect(inside.properties?.team?.items).toMatchObject({ required: ['name', 'b'] });
    expect(inside.required).toEqual(['a']);
    const outside = moveOutOfGroup(inside, ['team', 'b']);
    expect(names(outside)).toEqual(['a', 'team', 'b']);
    expect(outside.required).toEqual(['a', 'b']);
    expect(() => moveIntoGroup(addField(base(), [], 'name', newFieldSchema('text', titles), 0), ['name'], ['team'])).toThrow(
      NameTakenError,
    );
  });

  it('removes a field with its required flag and the conditions that named it', () => {
    const shown = addShowWhen(base(), ['b'], { field: 'a', value: 'x', required: true });
    expect(removeField(shown, ['b'])).toMatchObject({ required: ['a'] });
    expect(removeField(shown, ['b']).allOf).toBeUndefined();
    expect(removeField(shown, ['a']).allOf).toBeUndefined();
  });

  it('sets required and leaves an empty required list out', () => {
    const one = setRequired(setRequired(base(), ['a'], false), ['b'], false);
    expect(one.required).toBeUndefined();
    expect(setRequired(one, ['a'], true).required).toEqual(['a']);
  });

  it('writes "shown and required when" as if/then that ajv enforces and the engine reads', () => {
    const shown = addShowWhen(base(), ['b'], { field: 'a', value: 'yes', required: true });
    expect(shown.required).toEqual(['a']);
    expect(conditionsOfField(shown, ['b'])).toEqual([
      { when: [{ field: 'a', const: 'yes' }], thenFields: ['b'], thenRequired: ['b'], elseFields: [], elseRequired: [] },
    ]);
    const validate = createAjv().compile(shown);
    expect(validate({ a: 'yes', team: [] })).toBe(false);
    expect(validate({ a: 'no', team: [] })).toBe(true);
    expect(validate({ a: 'yes', b: '1', team: [] })).toBe(true);
    // Joined to the same test, not a second entry; and cleared again.
    const both = addShowWhen(shown, ['team'], { field: 'a', value: 'yes', required: false });
    expect(both.allOf).toHaveLength(1);
    expect(conditionsOfField(clearShowWhen(both, ['b']), ['b'])).toEqual([]);
  });

  it('reads every kind of the palette back as itself', () => {
    for (const kind of [
      'text',
      'textarea',
      'number',
      'date',
      'select',
      'radio',
      'checkboxes',
      'upload',
      'richText',
      'table',
      'cards',
      'section',
      'yesNo',
    ] as const)
      expect(kindOf(newFieldSchema(kind, titles))).toBe(kind);
    expect(kindOf({ type: 'string', 'x-component': 'Captcha' })).toBe('other');
  });
});
