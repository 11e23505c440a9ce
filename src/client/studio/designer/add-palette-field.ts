import type { JsonSchema } from '../../../shared/schema/json-schema';
import { newFieldSchema, type PaletteKind } from './field-kind';
import { NEW_FIELD, RANGE_END, RANGE_END_MESSAGE, RANGE_START } from './new-field-titles';
import { addField, freeName, type FieldPath } from './schema-edits';

/** The base of a new field's key, per kind: readable in the data, made unique in its group by a number. */
const BASE_NAMES: Readonly<Record<PaletteKind, string>> = {
  text: 'text',
  textarea: 'notes',
  number: 'amount',
  date: 'date',
  dateRange: 'period',
  select: 'choice',
  radio: 'option',
  checkboxes: 'options',
  yesNo: 'confirmed',
  upload: 'files',
  richText: 'content',
  table: 'rows',
  cards: 'cards',
  section: 'section',
};

/**
 * Places a kind of the palette into a group at a position of its shown order, and answers the new
 * schema with the path of the field to select. A date range is two dates, the end compared with the
 * start (x-compare), so the server and the form check it alike.
 */
export function addPaletteField(
  root: JsonSchema,
  group: FieldPath,
  kind: PaletteKind,
  index: number,
): { schema: JsonSchema; path: FieldPath } {
  const base = BASE_NAMES[kind];
  if (kind !== 'dateRange') {
    const name = freeName(root, group, base);
    return { schema: addField(root, group, name, newFieldSchema(kind, NEW_FIELD), index), path: [...group, name] };
  }
  const start = freeName(root, group, `${base}Start`);
  const withStart = addField(root, group, start, newFieldSchema('date', RANGE_START), index);
  const end = freeName(withStart, group, `${base}End`);
  const endSchema: JsonSchema = {
    ...newFieldSchema('date', RANGE_END),
    'x-compare': { op: '>=', field: start, message: RANGE_END_MESSAGE },
  };
  return { schema: addField(withStart, group, end, endSchema, index + 1), path: [...group, start] };
}
