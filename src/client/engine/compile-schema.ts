import { isArrayField, type GeneralField } from '@formily/core';
import type { ISchema } from '@formily/react';
import { localizedDescription, localizedTitle } from '../../shared/i18n/localized-title';
import type { Locale } from '../../shared/i18n/locale';
import { isChoiceField, validationMessage } from '../../shared/i18n/validation-message';
import { conditionalFields, deriveConditions } from '../../shared/schema/conditions';
import { isJsonSchema, type JsonSchema } from '../../shared/schema/json-schema';
import { textsFor } from '../i18n/texts';
import { primaryType, resolveComponent, type ComponentName } from '../../shared/schema/component-names';
import { compareReaction } from './compare-reaction';
import { conditionReaction, conditionRequired, type FieldReaction } from './condition-reaction';
import type { DictOption, DictOptions } from './dict-option';
import { engineTexts } from './engine-texts';
import { buildFieldRules, requiresOwnRule, UnsupportedRuleError } from './field-rules';

export type { DictOption, DictOptions } from './dict-option';

export interface CompileOptions {
  locale: Locale;
  dictOptions?: DictOptions;
  /**
   * Where this form's Captcha fields get their image (the message board's, a resource's): the form's
   * host says it, there is no default, so a captcha can never be checked against another form's.
   */
  captchaEndpoint?: string;
}

// Widgets that take no placeholder.
const NO_PLACEHOLDER = new Set<ComponentName>([
  'Switch',
  'Checkbox',
  'Checkbox.Group',
  'Radio.Group',
  'Upload',
  'ArrayTable',
  'ArrayCards',
]);

// Names of the engine's own nodes inside an array's schema. Schema property keys match
// ^[a-z][a-zA-Z0-9]*$ in practice, so a "kc" prefix plus a capital keeps them apart from data keys;
// they are void nodes and never appear in the values anyway.
const INDEX_NODE = 'kcIndex';
const OPERATIONS_NODE = 'kcOperations';
const REMOVE_NODE = 'kcRemove';
const ADDITION_NODE = 'kcAddition';

/**
 * An ArrayTable column node. ArrayTable draws a column only when the column's void field is visible,
 * and it renders those void fields after the table's rows: without a display declared here its first
 * render has no columns, so the cells' fields are created one render later, after the effects that
 * put server errors on fields (a step's onReady, a long form's block mount) found none and dropped
 * them. Declared visible, the cells exist from the first render. A hidden table still hides its
 * columns, and a reaction can still hide one: once the column's field exists its own display wins.
 */
const TABLE_COLUMN = { type: 'void', 'x-component': 'ArrayTable.Column', 'x-display': 'visible' } as const satisfies ISchema;

/** How a field's requiredness is decided: fixed by the parent's `required`, or by an if/then at run time. */
interface Requiredness {
  required: boolean;
  conditional: boolean;
  reaction?: FieldReaction;
  /** A conditional field's requiredness now, for an array's own required rule (requiresOwnRule). */
  requiredNow?: (field: GeneralField) => boolean;
}

/**
 * The rules and the required flag of a field. An array (requiresOwnRule: ArrayTable, ArrayCards,
 * Upload, Checkbox.Group) is required by its own rule, which calls [] empty exactly as pruneEmpty
 * does (ADR 0001, issue 17), so it carries no Formily `required` flag and shows its asterisk through
 * the decorator. `siblings` are the properties of the object holding it, which an x-compare rule
 * compares with.
 */
function requiredParts(
  node: JsonSchema,
  fieldPath: string,
  req: Requiredness,
  opts: CompileOptions,
  schema: ISchema,
  siblings: Record<string, JsonSchema> = {},
): void {
  const asterisk = requiresOwnRule(node);
  const rules = buildFieldRules(node, {
    required: req.required,
    conditional: req.conditional,
    requiredNow: req.requiredNow,
    locale: opts.locale,
    fieldPath,
    siblings,
  });
  if (rules.length > 0) schema['x-validator'] = rules;
  if (asterisk) {
    if (req.required)
      schema['x-decorator-props'] = { ...(schema['x-decorator-props'] as Record<string, unknown> | undefined), asterisk: true };
  } else if (req.required) {
    // Trap 1: Formily ignores the parent's required array; the flag must sit on the field itself.
    schema.required = true;
  }
  // An x-compare field is judged again when the field it compares with changes (today and now change by themselves).
  const compareWith = node['x-compare']?.field;
  const compare = compareWith === undefined ? undefined : compareReaction(compareWith);
  const reactions = [req.reaction, compare].filter((reaction): reaction is FieldReaction => reaction !== undefined);
  if (reactions.length > 0) schema['x-reactions'] = reactions.length === 1 ? reactions[0] : reactions;
}

function orderedEntries(properties: Record<string, JsonSchema>): Array<[string, JsonSchema, number]> {
  // Fields without x-order keep their written order after the ordered ones; the sort is stable.
  return Object.entries(properties)
    .map(([name, node], index): [string, JsonSchema, number, number] => [name, node, node['x-order'] ?? Number.POSITIVE_INFINITY, index])
    .sort((a, b) => a[2] - b[2] || a[3] - b[3])
    .map(([name, node], position): [string, JsonSchema, number] => [name, node, position + 1]);
}

function enumOptions(
  node: JsonSchema | undefined,
  opts: CompileOptions,
): DictOption[] | Array<{ label: string; value: unknown }> | undefined {
  if (!node) return undefined;
  const code = node['x-dict'];
  if (typeof code === 'string') return [...(opts.dictOptions?.[code] ?? [])];
  if (Array.isArray(node.enum)) {
    // Trap 3: the canonical schema keeps plain enum values; {label, value} exists only in Formily's schema.
    const labels = node['x-enum-labels'] ?? [];
    return node.enum.map((value, index) => ({ label: labels[index] ?? String(value), value }));
  }
  return undefined;
}

function placeholder(node: JsonSchema, component: ComponentName, title: string | undefined, locale: Locale): string | undefined {
  if (NO_PLACEHOLDER.has(component)) return undefined;
  const localized = locale === 'zh-CN' ? undefined : node['x-locale']?.[locale]?.placeholder;
  if (localized) return localized;
  const own = node['x-component-props']?.['placeholder'];
  // A placeholder written into x-component-props is the zh-CN text; other locales get the default.
  if (typeof own === 'string' && locale === 'zh-CN') return own;
  if (!title) return undefined;
  const texts = textsFor(locale);
  return isChoiceField(node) ? texts.placeholderSelect(title) : texts.placeholderInput(title);
}

function compileLeaf(
  node: JsonSchema,
  fieldPath: string,
  req: Requiredness,
  index: number,
  opts: CompileOptions,
  siblings: Record<string, JsonSchema>,
): ISchema {
  const component = resolveComponent(node, fieldPath);
  const title = localizedTitle(node, opts.locale);
  const description = localizedDescription(node, opts.locale);
  const type = primaryType(node);
  const options = type === 'array' && !Array.isArray(node.items) ? enumOptions(node.items, opts) : enumOptions(node, opts);
  const componentProps: Record<string, unknown> = { ...node['x-component-props'] };
  const hint = placeholder(node, component, title, opts.locale);
  if (hint !== undefined) componentProps['placeholder'] = hint;
  if (component === 'DatePicker' && node.format === 'date-time') componentProps['showTime'] ??= true;
  // A counter shows "n / max" without cutting the text off: the length rule then explains an excess.
  if (componentProps['showCount'] === true && typeof node.maxLength === 'number') {
    delete componentProps['showCount'];
    componentProps['count'] = { show: true, max: node.maxLength };
  }
  if (component === 'Upload') Object.assign(componentProps, uploadProps(node, fieldPath));
  if (component === 'Captcha') {
    if (!opts.captchaEndpoint)
      throw new UnsupportedRuleError(fieldPath, 'a Captcha field needs the form to say where its captcha comes from (captchaEndpoint)');
    componentProps['endpoint'] = opts.captchaEndpoint;
  }
  if (component === 'AutoComplete') {
    const suggest = node['x-suggest'];
    if (!suggest) throw new UnsupportedRuleError(fieldPath, 'an AutoComplete field needs x-suggest {resource, list, field}');
    componentProps['suggest'] = { ...suggest };
    if (title !== undefined) componentProps['aria-label'] ??= title;
  }
  // Formily's FormItem label is not tied to antd's Select input, nor to a lone checkbox or switch: name the
  // control itself, or a screen reader (and axe) finds it unlabelled.
  if ((component === 'Select' || component === 'Checkbox' || component === 'Switch') && title !== undefined)
    componentProps['aria-label'] ??= title;

  const schema: ISchema = {
    type: type === 'integer' ? 'number' : type,
    'x-index': index,
    'x-decorator': 'FormItem',
    'x-component': component,
    'x-component-props': componentProps,
  };
  if (title !== undefined) schema.title = title;
  if (description !== undefined) schema.description = description;
  if (node['x-decorator-props']) schema['x-decorator-props'] = { ...node['x-decorator-props'] };
  if (node.default !== undefined) schema.default = node.default;
  if (options) schema.enum = options;
  // The server refuses any write without an answer to its captcha (run-write-pipeline.ts), whatever the
  // schema's `required` says: the form marks it and asks for it the same way (issue 30 item 9).
  const requiredness = component === 'Captcha' ? { ...req, required: true, conditional: false } : req;
  requiredParts(node, fieldPath, requiredness, opts, schema, siblings);
  return schema;
}

/** The Upload widget's props: the schema's x-upload rules and the file count limit. */
function uploadProps(node: JsonSchema, fieldPath: string): Record<string, unknown> {
  const upload = node['x-upload'];
  if (!isJsonSchema(upload) || !Array.isArray(upload['accept']) || typeof upload['maxSize'] !== 'number') {
    throw new UnsupportedRuleError(fieldPath, 'an Upload field needs x-upload {accept, maxSize}');
  }
  const props: Record<string, unknown> = { accept: [...(upload['accept'] as unknown[]).map(String)], maxSize: upload['maxSize'] };
  if (typeof node.maxItems === 'number') props['maxCount'] = node.maxItems;
  return props;
}

/** The item object of an ArrayTable/ArrayCards field; anything else cannot be laid out as rows. */
function arrayItems(node: JsonSchema, fieldPath: string, component: ComponentName): JsonSchema {
  const items = node.items;
  if (
    primaryType(node) !== 'array' ||
    !isJsonSchema(items) ||
    Array.isArray(items) ||
    primaryType(items) !== 'object' ||
    !items.properties
  ) {
    throw new UnsupportedRuleError(fieldPath, `${component} needs type "array" with items of type "object" with properties`);
  }
  return items;
}

/**
 * Disables the Addition at maxItems and lets the button itself say why ('最多只能有N项'): a
 * disabled button without a reason leaves a keyboard or screen-reader user guessing.
 */
function additionReaction(maxItems: number | undefined, addText: string, fullText: string): FieldReaction {
  return (field) => {
    const array = field.parent;
    const rows: unknown = array && isArrayField(array) ? array.value : undefined;
    const full = maxItems !== undefined && Array.isArray(rows) && rows.length >= maxItems;
    // The array's own pattern, not 'editable', when there is room: a disabled or read-only form stays so.
    field.pattern = full ? 'disabled' : (array?.pattern ?? field.form.pattern);
    field.title = full ? fullText : addText;
  };
}

function compileArray(
  node: JsonSchema,
  fieldPath: string,
  req: Requiredness,
  index: number,
  opts: CompileOptions,
  component: 'ArrayTable' | 'ArrayCards',
): ISchema {
  const items = arrayItems(node, fieldPath, component);
  const texts = engineTexts(opts.locale);
  const title = localizedTitle(node, opts.locale);
  const description = localizedDescription(node, opts.locale);
  const fields = compileObject(items, `${fieldPath}.*`, opts);
  const itemProperties: Record<string, ISchema> = {};
  let position = 0;
  if (component === 'ArrayTable') {
    itemProperties[INDEX_NODE] = {
      ...TABLE_COLUMN,
      'x-index': position++,
      'x-component-props': { title: texts.indexColumn, width: 64, align: 'center' },
      properties: { index: { type: 'void', 'x-component': 'ArrayTable.Index' } },
    };
    for (const [name, field] of Object.entries(fields)) {
      // The column header carries the label; the cell keeps it as the input's accessible name.
      const { title: columnTitle, description: _description, ...cell } = field;
      const cellProps = { ...(cell['x-component-props'] as Record<string, unknown> | undefined) };
      if (typeof columnTitle === 'string') cellProps['aria-label'] = columnTitle;
      itemProperties[name] = {
        ...TABLE_COLUMN,
        'x-index': position++,
        'x-component-props': { title: columnTitle },
        properties: { [name]: { ...cell, 'x-component-props': cellProps } },
      };
    }
    itemProperties[OPERATIONS_NODE] = {
      ...TABLE_COLUMN,
      'x-index': position,
      'x-component-props': { title: texts.operationsColumn, dataIndex: OPERATIONS_NODE, width: 80, align: 'center' },
      properties: {
        [REMOVE_NODE]: {
          type: 'void',
          'x-component': 'ArrayTable.Remove',
          'x-component-props': { 'aria-label': texts.removeRow, title: texts.removeRow },
        },
      },
    };
  } else {
    itemProperties[INDEX_NODE] = { type: 'void', 'x-index': position++, 'x-component': 'ArrayCards.Index' };
    for (const [name, field] of Object.entries(fields)) itemProperties[name] = { ...field, 'x-index': position++ };
    itemProperties[REMOVE_NODE] = {
      type: 'void',
      'x-index': position,
      'x-component': 'ArrayCards.Remove',
      'x-component-props': { 'aria-label': texts.removeCard, title: texts.removeCard },
    };
  }
  const addText = component === 'ArrayTable' ? texts.addRow : texts.addCard;
  const maxItems = typeof node.maxItems === 'number' ? node.maxItems : undefined;
  const fullText = maxItems === undefined ? addText : validationMessage('maxItems', { limit: maxItems }, node, opts.locale);
  const schema: ISchema = {
    type: 'array',
    'x-index': index,
    'x-decorator': 'FormItem',
    'x-component': component,
    // ArrayTable's pager puts an unlabelled page select beside the table (axe: label, critical) and
    // hides rows with errors on other pages: a form's table shows all its rows.
    'x-component-props':
      component === 'ArrayTable' ? { pagination: false, ...node['x-component-props'] } : { ...node['x-component-props'] },
    items: { type: 'object', properties: itemProperties },
    properties: {
      [ADDITION_NODE]: {
        type: 'void',
        title: addText,
        'x-component': `${component}.Addition`,
        'x-reactions': additionReaction(maxItems, addText, fullText),
      },
    },
  };
  if (title !== undefined) schema.title = title;
  if (description !== undefined) schema.description = description;
  if (node['x-decorator-props']) schema['x-decorator-props'] = { ...node['x-decorator-props'] };
  requiredParts(node, fieldPath, req, opts, schema);
  return schema;
}

function compileObject(node: JsonSchema, path: string, opts: CompileOptions): Record<string, ISchema> {
  const required = new Set(node.required ?? []);
  // Throws UnsupportedConditionError for an `if` outside the supported subset, never ignores it.
  const conditions = deriveConditions(node, path ? `(${path})` : '');
  const governed = conditionalFields(conditions);
  const properties: Record<string, ISchema> = {};
  for (const [name, child, index] of orderedEntries(node.properties ?? {})) {
    if (!isJsonSchema(child)) continue;
    const childPath = path ? `${path}.${name}` : name;
    const conditional = governed.has(name);
    const req: Requiredness = { required: !conditional && required.has(name), conditional };
    if (conditional) {
      const ownRule = requiresOwnRule(child);
      req.reaction = conditionReaction(node, name, conditions, ownRule ? 'asterisk' : 'rule');
      if (ownRule) req.requiredNow = conditionRequired(node, name, conditions);
    }
    const component = child['x-component'];
    if (component === 'ArrayTable' || component === 'ArrayCards') {
      properties[name] = compileArray(child, childPath, req, index, opts, component);
    } else if (primaryType(child) === 'object' && component === undefined) {
      properties[name] = compileNested(child, childPath, req, index, opts);
    } else {
      properties[name] = compileLeaf(child, childPath, req, index, opts, node.properties ?? {});
    }
  }
  return properties;
}

function compileNested(node: JsonSchema, path: string, req: Requiredness, index: number, opts: CompileOptions): ISchema {
  const schema: ISchema = { type: 'object', 'x-index': index, properties: compileObject(node, path, opts) };
  const title = localizedTitle(node, opts.locale);
  if (title !== undefined) schema.title = title;
  // An object has no input to require; a conditional one is still shown and hidden as a whole.
  if (req.reaction) schema['x-reactions'] = req.reaction;
  return schema;
}

/**
 * Compiles a canonical (draft-07 + x-*) form schema into a Formily schema. Pure: the same input
 * always gives the same output, and nothing in the output needs `{{ }}` expressions, so the
 * browser never has to eval anything (the CSP forbids unsafe-eval).
 *
 * Throws UnknownComponentError for a field the registry cannot render, UnsupportedRuleError for
 * a rule the client cannot check and UnsupportedConditionError for an `if` it cannot derive,
 * instead of rendering a form that silently lacks them.
 *
 * Arrays of objects become ArrayTable (a row per item: index, one column per field, remove) or
 * ArrayCards (a card per item), each with an Addition that is disabled at maxItems. Fields named
 * by an `if`/`then`/`else` get an `x-reactions` function (never a `{{ }}` string) that shows,
 * hides and requires them as their siblings change; see condition-reaction.ts. Supported: the
 * subset of src/shared/schema/conditions.ts — an `if` (own or in `allOf`) that compares sibling
 * fields with `const` or `enum` and lists them in its `required`; branches naming fields in
 * `required` and `properties`. Rules written inside a branch's `properties` are checked by
 * validateValues and the server, not as the user types. A field with `x-compare` carries the rule in
 * its validator (reading the sibling through the Formily field) and a function reaction that
 * re-judges it when that sibling changes; see compare-check.ts and compare-reaction.ts.
 */
export function compileSchema(canonical: JsonSchema, opts: CompileOptions): ISchema {
  const root: ISchema = { type: 'object', properties: compileObject(canonical, '', opts) };
  const title = localizedTitle(canonical, opts.locale);
  if (title !== undefined) root.title = title;
  return root;
}
