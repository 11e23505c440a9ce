import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, newFieldSchema, type PaletteKind } from '../../../../src/client/studio/designer/field-kind';
import { PANEL_KEYWORDS } from '../../../../src/client/studio/designer/panel-keywords';
import { clearShowWhen } from '../../../../src/client/studio/designer/field-conditions';
import {
  fieldsAt,
  isGroupAt,
  moveField,
  setKeyword,
  setRequired,
  updateField,
  type FieldPath,
} from '../../../../src/client/studio/designer/schema-edits';
import { jsonFileText } from '../../../../src/shared/schema/json-file-text';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';

const SCHEMAS = path.resolve(__dirname, '../../../../schemas');

/** Every schema file with fields: activity steps, forms, record types, API bodies. */
function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(full);
    return entry.name.endsWith('.schema.json') ? [full] : [];
  });
}

/** Every field the designer lists, groups opened. */
function everyPath(root: JsonSchema, at: FieldPath = []): FieldPath[] {
  return fieldsAt(root, at).flatMap((field) => [field.path, ...(isGroupAt(root, field.path) ? everyPath(root, field.path) : [])]);
}

/**
 * Everything the designer does to a field when the author opens it and changes nothing: the field
 * stays where it is, its required flag is set to what it is, each keyword the property panel edits
 * is written back with the value it shows, and a field no condition governs is "made always shown".
 */
function openAndSaveUnchanged(root: JsonSchema): JsonSchema {
  let schema = root;
  for (const fieldPath of everyPath(root)) {
    const siblings = fieldsAt(schema, fieldPath.slice(0, -1));
    const index = siblings.findIndex((field) => field.name === fieldPath[fieldPath.length - 1]);
    const field = siblings[index];
    if (!field) throw new Error(`lost ${fieldPath.join('/')}`);
    schema = moveField(schema, fieldPath, index);
    schema = setRequired(schema, fieldPath, field.required);
    schema = updateField(schema, fieldPath, (node) => {
      for (const keyword of PANEL_KEYWORDS) if (keyword in node) setKeyword(node, keyword, structuredClone(node[keyword]));
    });
  }
  return schema;
}

describe('the designer opens and saves without loss', () => {
  const files = schemaFiles(SCHEMAS);

  it('finds the schema files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((file) => [path.relative(SCHEMAS, file), file]))('%s: same JSON, key order included', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const schema = JSON.parse(text) as JsonSchema;
    const saved = jsonFileText(openAndSaveUnchanged(schema));
    expect(saved).toBe(jsonFileText(JSON.parse(text) as JsonSchema));
  });

  it('holds for generated schemas of every field kind, nested in groups, with conditions and x-order', () => {
    const kind = fc.constantFrom(...FIELD_KINDS.filter((entry): entry is Exclude<PaletteKind, 'dateRange'> => entry !== 'dateRange'));
    const field = fc.record({
      kind,
      name: fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/),
      order: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
      required: fc.boolean(),
      extra: fc.option(fc.constantFrom({ 'x-messages': { required: '请填写' } }, { 'x-component-props': { rows: 3 } }, { default: 'x' }), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(field, { selector: (entry) => entry.name, minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (fields, conditioned) => {
          const properties: Record<string, JsonSchema> = {};
          for (const entry of fields) {
            const schema: JsonSchema = { ...newFieldSchema(entry.kind, { zh: entry.name, en: entry.name }), ...(entry.extra ?? {}) };
            if (entry.order !== undefined) schema['x-order'] = entry.order;
            properties[entry.name] = schema;
          }
          const root: JsonSchema = {
            type: 'object',
            required: fields.filter((entry) => entry.required).map((entry) => entry.name),
            properties,
            ...(conditioned && fields.length > 1
              ? {
                  if: { properties: { [fields[0]?.name ?? '']: { const: 'option1' } }, required: [fields[0]?.name ?? ''] },
                  then: { required: [fields[1]?.name ?? ''] },
                }
              : {}),
          };
          const before = jsonFileText(root);
          expect(jsonFileText(openAndSaveUnchanged(root))).toBe(before);
          // A field no condition names: made "always shown" changes nothing either.
          const free = fields.slice(2)[0];
          if (free) expect(jsonFileText(clearShowWhen(root, [free.name]))).toBe(before);
        },
      ),
      { numRuns: 300, seed: 322026 },
    );
  });
});
