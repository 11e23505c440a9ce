/**
 * The keywords the property panel shows and writes. Every other keyword of a field is kept as it is
 * and listed read-only under the panel (x-messages, x-suggest, x-component-props, default …).
 */
export const PANEL_KEYWORDS = [
  'title',
  'description',
  'x-locale',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'format',
  'pattern',
  'enum',
  'x-enum-labels',
  'x-dict',
  'x-unique',
  'x-mask',
  'x-upload',
  'x-compare',
  'x-order',
] as const;

export type PanelKeyword = (typeof PANEL_KEYWORDS)[number];

/** Keywords of the field's shape, not its rules: kept, and neither shown in the panel nor listed as read-only. */
const SHAPE_KEYWORDS: ReadonlySet<string> = new Set(['type', 'x-component', 'items', 'properties', 'required', 'additionalProperties']);

const PANEL: ReadonlySet<string> = new Set(PANEL_KEYWORDS);

/** The keywords of a field the designer keeps but does not edit: shown read-only with a note. */
export const keptKeywords = (field: Record<string, unknown>): string[] =>
  Object.keys(field).filter((key) => !PANEL.has(key) && !SHAPE_KEYWORDS.has(key));
