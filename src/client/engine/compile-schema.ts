import type { ISchema } from '@formily/react';
import { isChoiceField } from '../../shared/i18n/validation-message';
import { localizedDescription, localizedTitle } from '../../shared/i18n/localized-title';
import type { Locale } from '../../shared/i18n/locale';
import { isJsonSchema, type JsonSchema } from '../../shared/schema/json-schema';
import { textsFor } from '../i18n/texts';
import { primaryType, resolveComponent, type ComponentName } from './component-names';
import type { DictOption, DictOptions } from './dict-option';
import { buildFieldRules } from './field-rules';

export type { DictOption, DictOptions } from './dict-option';

export interface CompileOptions {
  locale: Locale;
  dictOptions?: DictOptions;
}

// Widgets that take no placeholder.
const NO_PLACEHOLDER = new Set<ComponentName>(['Switch', 'Checkbox', 'Checkbox.Group', 'Radio.Group']);

function orderedEntries(properties: Record<string, JsonSchema>): Array<[string, JsonSchema, number]> {
  // Fields without x-order keep their written order after the ordered ones; the sort is stable.
  return Object.entries(properties)
    .map(([name, node], index): [string, JsonSchema, number, number] => [name, node, node['x-order'] ?? Number.POSITIVE_INFINITY, index])
    .sort((a, b) => a[2] - b[2] || a[3] - b[3])
    .map(([name, node], position): [string, JsonSchema, number] => [name, node, position + 1]);
}

function enumOptions(node: JsonSchema | undefined, opts: CompileOptions): DictOption[] | Array<{ label: string; value: unknown }> | undefined {
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

function compileLeaf(node: JsonSchema, fieldPath: string, required: boolean, index: number, opts: CompileOptions): ISchema {
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
  const rules = buildFieldRules(node, { required, locale: opts.locale, fieldPath });

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
  if (rules.length > 0) schema['x-validator'] = rules;
  // Trap 1: Formily ignores the parent's required array; the flag must sit on the field itself.
  if (required) schema.required = true;
  return schema;
}

function compileObject(node: JsonSchema, path: string, opts: CompileOptions): Record<string, ISchema> {
  const required = new Set(node.required ?? []);
  const properties: Record<string, ISchema> = {};
  for (const [name, child, index] of orderedEntries(node.properties ?? {})) {
    if (!isJsonSchema(child)) continue;
    const childPath = path ? `${path}.${name}` : name;
    const isNested = primaryType(child) === 'object' && child['x-component'] === undefined;
    properties[name] = isNested
      ? compileNested(child, childPath, index, opts)
      : compileLeaf(child, childPath, required.has(name), index, opts);
  }
  return properties;
}

function compileNested(node: JsonSchema, path: string, index: number, opts: CompileOptions): ISchema {
  const schema: ISchema = { type: 'object', 'x-index': index, properties: compileObject(node, path, opts) };
  const title = localizedTitle(node, opts.locale);
  if (title !== undefined) schema.title = title;
  return schema;
}

/**
 * Compiles a canonical (draft-07 + x-*) form schema into a Formily schema. Pure: the same input
 * always gives the same output, and nothing in the output needs `{{ }}` expressions, so the
 * browser never has to eval anything (the CSP forbids unsafe-eval).
 *
 * Throws UnknownComponentError for a field the registry cannot render and UnsupportedRuleError for
 * a rule the client cannot check, instead of rendering a form that silently lacks them.
 */
export function compileSchema(canonical: JsonSchema, opts: CompileOptions): ISchema {
  const root: ISchema = { type: 'object', properties: compileObject(canonical, '', opts) };
  const title = localizedTitle(canonical, opts.locale);
  if (title !== undefined) root.title = title;
  return root;
}
