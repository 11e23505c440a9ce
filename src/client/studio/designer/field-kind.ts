import type { JsonSchema } from '../../../shared/schema/json-schema';

/** The field kinds of the designer's palette: each is one shape of the vocabulary (x-component plus its keywords). */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'date',
  'dateRange',
  'select',
  'radio',
  'checkboxes',
  'yesNo',
  'upload',
  'richText',
  'table',
  'cards',
  'section',
] as const;

export type PaletteKind = (typeof FIELD_KINDS)[number];
/** What a field is read as; `other` is a shape the designer shows read-only (kept, never dropped). `dateRange` is placed as two dates. */
export type FieldKind = Exclude<PaletteKind, 'dateRange'> | 'datetime' | 'other';

const COMPONENT_KINDS: Readonly<Record<string, FieldKind>> = {
  RichText: 'richText',
  Upload: 'upload',
  ArrayTable: 'table',
  ArrayCards: 'cards',
  'Input.TextArea': 'textarea',
  Select: 'select',
  'Radio.Group': 'radio',
  'Checkbox.Group': 'checkboxes',
};

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** The kind a field schema is drawn as in the designer (the same reading as the engine's compile-schema). */
export function kindOf(schema: JsonSchema): FieldKind {
  // A yes-or-no question, whichever widget asks it (是/否 radios, a switch, a checkbox).
  if (typeOf(schema) === 'boolean') return 'yesNo';
  const component = schema['x-component'];
  if (component === 'DatePicker') return schema.format === 'date-time' ? 'datetime' : 'date';
  if (component === 'Input') return 'text';
  if (component === 'NumberPicker') return 'number';
  if (component !== undefined) return COMPONENT_KINDS[component] ?? 'other';
  const type = typeOf(schema);
  if (type === 'object') return schema.properties ? 'section' : 'other';
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'string') {
    if (schema.format === 'date') return 'date';
    if (schema.format === 'date-time') return 'datetime';
    if (schema.enum || schema['x-dict']) return 'select';
    return 'text';
  }
  if (type === 'array' && schema['x-dict']) return 'checkboxes';
  return 'other';
}

/** A kind whose rows or members the designer lists under it: a section's fields, a table's columns, a card's fields. */
export const isGroupKind = (kind: FieldKind): kind is 'section' | 'table' | 'cards' =>
  kind === 'section' || kind === 'table' || kind === 'cards';

/** Kinds with a list of options (a dictionary or values written in the schema). */
export const hasOptions = (kind: FieldKind): boolean => kind === 'select' || kind === 'radio' || kind === 'checkboxes';

const FILE_REF = 'https://schemas.kechuang.local/api/file-ref.schema.json';
const OPTIONS = { enum: ['option1', 'option2'], 'x-enum-labels': ['选项一', '选项二'] };

/** The titles a new field starts with, in both languages. */
export interface NewFieldTitles {
  zh: string;
  en: string;
}

const withTitle = (titles: NewFieldTitles, rest: JsonSchema): JsonSchema => ({
  title: titles.zh,
  ...rest,
  'x-locale': { 'en-US': { title: titles.en } },
});

/** The schema a kind dropped from the palette starts as: valid as it stands, so the check stays green while the author goes on. */
export function newFieldSchema(kind: Exclude<PaletteKind, 'dateRange'>, titles: NewFieldTitles): JsonSchema {
  switch (kind) {
    case 'text':
      return { type: 'string', ...withTitle(titles, { maxLength: 50 }) };
    case 'textarea':
      return { type: 'string', ...withTitle(titles, { maxLength: 500, 'x-component': 'Input.TextArea' }) };
    case 'number':
      return { type: 'number', ...withTitle(titles, { minimum: 0 }) };
    case 'date':
      return { type: 'string', ...withTitle(titles, { format: 'date', 'x-component': 'DatePicker' }) };
    case 'select':
      return { type: 'string', ...withTitle(titles, { ...OPTIONS, 'x-component': 'Select' }) };
    case 'radio':
      return { type: 'string', ...withTitle(titles, { ...OPTIONS, 'x-component': 'Radio.Group' }) };
    case 'checkboxes':
      return {
        type: 'array',
        ...withTitle(titles, { uniqueItems: true, items: { type: 'string', ...OPTIONS }, 'x-component': 'Checkbox.Group' }),
      };
    case 'yesNo':
      return {
        type: 'boolean',
        ...withTitle(titles, { enum: [true, false], 'x-enum-labels': ['是', '否'], 'x-component': 'Radio.Group' }),
      };
    case 'upload':
      return {
        type: 'array',
        ...withTitle(titles, {
          maxItems: 3,
          'x-component': 'Upload',
          'x-upload': { accept: ['pdf', 'jpg', 'png'], maxSize: 10_485_760 },
          items: { $ref: FILE_REF },
        }),
      };
    case 'richText':
      return { type: 'string', ...withTitle(titles, { maxLength: 20_000, 'x-component': 'RichText' }) };
    case 'table':
    case 'cards':
      return {
        type: 'array',
        ...withTitle(titles, {
          maxItems: 20,
          'x-component': kind === 'table' ? 'ArrayTable' : 'ArrayCards',
          items: {
            type: 'object',
            required: ['name'],
            additionalProperties: false,
            properties: { name: { type: 'string', title: '名称', maxLength: 50, 'x-locale': { 'en-US': { title: 'Name' } } } },
          },
        }),
      };
    case 'section':
      return {
        type: 'object',
        ...withTitle(titles, {
          additionalProperties: false,
          properties: { name: { type: 'string', title: '名称', maxLength: 50, 'x-locale': { 'en-US': { title: 'Name' } } } },
        }),
      };
  }
}
