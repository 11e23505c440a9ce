/**
 * The benchmark's long form converted by hand into a Formily schema, as a developer writing raw
 * Formily (@formily/antd-v5, no engine) would: x-decorator FormItem, the widget by kind, `required`
 * and `maxLength` as Formily's own keywords, the dictionary's options as Formily's `enum`
 * ({label, value}), and an ArrayTable with an index column, one column per field, a remove column and
 * an Addition. Like the engine, the table shows all its rows (`pagination: false`): both render the
 * same 50 rows, or the comparison would not be of the same form.
 *
 * Pure. It understands only what the bench's generator writes and throws on anything else.
 */
import type { ISchema } from '@formily/react';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

export interface RawOption {
  label: string;
  value: string;
}

/** The dictionary options by code, as the raw page has them (imported, not fetched). */
export type RawDictOptions = Readonly<Record<string, readonly RawOption[]>>;

function widget(node: JsonSchema, path: string): string {
  if (typeof node['x-dict'] === 'string') return 'Select';
  if (node.type === 'string' && node.format === 'date') return 'DatePicker';
  if (node.type === 'string') return 'Input';
  if (node.type === 'number' || node.type === 'integer') return 'NumberPicker';
  if (node.type === 'boolean') return 'Switch';
  throw new Error(`raw conversion: no widget for ${path}`);
}

/** A field; in a table cell without its title, which the column header shows (as the engine does). */
function rawLeaf(node: JsonSchema, path: string, required: boolean, dicts: RawDictOptions, inCell = false): ISchema {
  const component = widget(node, path);
  const schema: ISchema = {
    type: node.type === 'integer' ? 'number' : (node.type as ISchema['type']),
    'x-decorator': 'FormItem',
    'x-component': component,
  };
  if (!inCell) schema.title = node.title;
  if (required) schema.required = true;
  if (typeof node.maxLength === 'number') schema.maxLength = node.maxLength;
  if (typeof node.minimum === 'number') schema.minimum = node.minimum;
  if (typeof node.maximum === 'number') schema.maximum = node.maximum;
  const code = node['x-dict'];
  if (typeof code === 'string') {
    const options = dicts[code];
    if (!options) throw new Error(`raw conversion: no options for dictionary ${code} (${path})`);
    schema.enum = options.map((option) => ({ label: option.label, value: option.value }));
  }
  return schema;
}

function rawTable(node: JsonSchema, path: string, dicts: RawDictOptions): ISchema {
  const items = node.items;
  if (!items || Array.isArray(items) || !items.properties) throw new Error(`raw conversion: ${path} needs items with properties`);
  const rowRequired = new Set(items.required ?? []);
  const columns: Record<string, ISchema> = {
    index: {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: '序号', width: 64, align: 'center' },
      properties: { index: { type: 'void', 'x-component': 'ArrayTable.Index' } },
    },
  };
  for (const [name, cell] of Object.entries(items.properties)) {
    columns[`${name}Column`] = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: cell.title },
      properties: { [name]: rawLeaf(cell, `${path}.*.${name}`, rowRequired.has(name), dicts, true) },
    };
  }
  columns['operations'] = {
    type: 'void',
    'x-component': 'ArrayTable.Column',
    'x-component-props': { title: '操作', dataIndex: 'operations', width: 80, align: 'center' },
    properties: { remove: { type: 'void', 'x-component': 'ArrayTable.Remove' } },
  };
  return {
    type: 'array',
    title: node.title,
    'x-decorator': 'FormItem',
    'x-component': 'ArrayTable',
    'x-component-props': { pagination: false },
    items: { type: 'object', properties: columns },
    properties: { addition: { type: 'void', title: '添加一行', 'x-component': 'ArrayTable.Addition' } },
  };
}

/** The canonical bench form as a hand-written Formily schema, in the canonical `x-order`. */
export function toRawFormilySchema(canonical: JsonSchema, dicts: RawDictOptions): ISchema {
  const required = new Set(canonical.required ?? []);
  const entries = Object.entries(canonical.properties ?? {}).sort(
    ([, a], [, b]) => (a['x-order'] ?? Infinity) - (b['x-order'] ?? Infinity),
  );
  const properties: Record<string, ISchema> = {};
  for (const [name, node] of entries) {
    properties[name] = node['x-component'] === 'ArrayTable' ? rawTable(node, name, dicts) : rawLeaf(node, name, required.has(name), dicts);
  }
  return { type: 'object', properties };
}
