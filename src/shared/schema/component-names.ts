import type { JsonSchema } from './json-schema';

/**
 * Every widget name a schema may use. It mirrors the `x-component` enum of
 * schemas/meta/vocabulary.schema.json (a unit test keeps the two equal), and the
 * component registry must supply each one.
 */
export const COMPONENT_NAMES = [
  'Input',
  'Input.TextArea',
  'AutoComplete',
  'Password',
  'Select',
  'Radio.Group',
  'Checkbox',
  'Checkbox.Group',
  'Switch',
  'NumberPicker',
  'DatePicker',
  'Captcha',
  'ArrayTable',
  'ArrayCards',
  'Upload',
  'RichText',
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];

const KNOWN = new Set<string>(COMPONENT_NAMES);

export function isComponentName(name: string): name is ComponentName {
  return KNOWN.has(name);
}

/**
 * A schema asked for a widget the engine cannot render. Thrown, never skipped: a field that
 * silently disappears from a government form is worse than a form that refuses to open.
 */
export class UnknownComponentError extends Error {
  constructor(
    readonly fieldPath: string,
    readonly component: string,
  ) {
    super(`Unknown component "${component}" for field "${fieldPath}"; known components: ${COMPONENT_NAMES.join(', ')}`);
    this.name = 'UnknownComponentError';
  }
}

/** The first non-null JSON type of a node (draft-07 allows a list such as ["string", "null"]). */
export function primaryType(node: JsonSchema): string | undefined {
  const { type } = node;
  if (Array.isArray(type)) return type.find((t) => t !== 'null');
  return type;
}

function isChoiceSource(node: JsonSchema | undefined): boolean {
  return !!node && (typeof node['x-dict'] === 'string' || Array.isArray(node.enum));
}

/**
 * The widget for a leaf field: `x-component` when given, otherwise derived from the dictionary,
 * enum, type and format. Throws UnknownComponentError when nothing fits.
 */
export function resolveComponent(node: JsonSchema, fieldPath: string): ComponentName {
  const explicit = node['x-component'];
  if (explicit !== undefined) {
    if (isComponentName(explicit)) return explicit;
    throw new UnknownComponentError(fieldPath, String(explicit));
  }
  const type = primaryType(node);
  if (type === 'array') {
    const items = Array.isArray(node.items) ? undefined : node.items;
    if (isChoiceSource(items)) return 'Checkbox.Group';
    throw new UnknownComponentError(fieldPath, `(array of ${items ? (primaryType(items) ?? 'unknown') : 'tuple'})`);
  }
  if (isChoiceSource(node)) return type === 'boolean' ? 'Radio.Group' : 'Select';
  switch (type) {
    case 'string':
      if (node.format === 'date' || node.format === 'date-time') return 'DatePicker';
      if (node['x-suggest'] !== undefined) return 'AutoComplete';
      return 'Input';
    case 'number':
    case 'integer':
      return 'NumberPicker';
    case 'boolean':
      return 'Switch';
    default:
      throw new UnknownComponentError(fieldPath, `(type ${type ?? 'missing'})`);
  }
}
