import type { ISchema } from '@formily/react';

/** One run of consecutive top-level fields, mounted together. */
export interface FormBlock {
  /** Its position in the form; the first block is always mounted. */
  index: number;
  /** The top-level property keys it renders, in the form's order. */
  keys: string[];
  /** `{type: 'object', properties}` with just those keys, rendered at the form's base path. */
  schema: ISchema;
  /** How many controls it puts on screen (a table counts its cells): what its mount costs. */
  controls: number;
  /** Its height before it is mounted, in pixels: keeps the scroll bar and the page's length honest. */
  estimatedHeight: number;
}

export interface FormBlocks {
  /** Dotted path of the object whose properties are split (a step's key), '' for the root. */
  basePath: string;
  blocks: FormBlock[];
  /** Whether the form is long enough to mount block by block; a short form is one block, mounted at once. */
  windowed: boolean;
}

export interface SplitOptions {
  /** Rows an array field has now (from the form's values): a table's controls and height follow them. */
  rowsOf?: (path: string) => number;
  /** Forms with up to this many controls mount whole. */
  windowFrom?: number;
  /** The controls a block aims at: about a screen of fields, whose commit stays well under 50 ms (issue 33). */
  blockControls?: number;
  /** The controls of the first block, the one mounted with the form: about a screen of fields. */
  firstBlockControls?: number;
}

/** A long government form starts at a few hundred controls; short ones stay exactly as they were. */
export const WINDOW_FROM_CONTROLS = 120;
// Issue 33: a block of 24 controls took 60–400 ms to commit on this machine; 12 stay under 50 ms.
export const BLOCK_CONTROLS = 12;
export const FIRST_BLOCK_CONTROLS = 12;

// Heights of antd's vertical FormItem (label, control, error line and margin) and of a table row.
const FIELD_HEIGHT = 86;
const TEXTAREA_HEIGHT = 140;
const TABLE_HEADER_HEIGHT = 110;
const TABLE_ROW_HEIGHT = 57;
const CARD_ROW_HEIGHT = 90;

const isArrayComponent = (node: ISchema): boolean => node['x-component'] === 'ArrayTable' || node['x-component'] === 'ArrayCards';

/** A wrapper a host adds around the fields (the step's key): plain object, no widget, no rules, no reactions. */
function plainWrapper(node: ISchema | undefined): node is ISchema {
  return (
    node !== undefined &&
    node.type === 'object' &&
    node['x-component'] === undefined &&
    node['x-decorator'] === undefined &&
    node['x-reactions'] === undefined &&
    node['x-validator'] === undefined &&
    typeof node.properties === 'object'
  );
}

function entries(node: ISchema): Array<[string, ISchema]> {
  const properties = (node.properties ?? {}) as Record<string, ISchema>;
  // Formily renders by x-index, then by declaration order: the blocks keep that order.
  return Object.entries(properties)
    .map((entry, position) => ({ entry, order: typeof entry[1]['x-index'] === 'number' ? entry[1]['x-index'] : position }))
    .sort((a, b) => a.order - b.order)
    .map(({ entry }) => entry);
}

function columnsOf(node: ISchema): number {
  const items = node.items as ISchema | undefined;
  let count = 0;
  const visit = (schema: ISchema | undefined): void => {
    for (const [, child] of schema ? entries(schema) : []) {
      if (child['x-decorator'] === 'FormItem') count += 1;
      else visit(child);
    }
  };
  visit(items);
  return Math.max(1, count);
}

/** Controls and estimated height of one property, counted through nested objects. */
function measure(node: ISchema, path: string, rowsOf: (path: string) => number): { controls: number; height: number } {
  if (isArrayComponent(node)) {
    const rows = rowsOf(path);
    const table = node['x-component'] === 'ArrayTable';
    return {
      controls: 1 + rows * columnsOf(node),
      height: TABLE_HEADER_HEIGHT + Math.max(1, rows) * (table ? TABLE_ROW_HEIGHT : CARD_ROW_HEIGHT * columnsOf(node)),
    };
  }
  if (node.type === 'object' && node.properties) {
    let controls = 0;
    let height = 0;
    for (const [key, child] of entries(node)) {
      const part = measure(child, `${path}.${key}`, rowsOf);
      controls += part.controls;
      height += part.height;
    }
    return { controls, height };
  }
  return {
    controls: 1,
    height: node['x-component'] === 'Input.TextArea' || node['x-component'] === 'RichText' ? TEXTAREA_HEIGHT : FIELD_HEIGHT,
  };
}

/**
 * Marks each field's FormItem with its path inside the form (`data-kc-field`), so the engine can find
 * a field on screen to scroll to and focus it. Rows of an array are not marked: their paths change as
 * rows move, and the array's own FormItem stands for them.
 */
function markFields(node: ISchema, path: string): ISchema {
  const marked: ISchema = { ...node };
  if (node['x-decorator'] === 'FormItem')
    marked['x-decorator-props'] = { ...(node['x-decorator-props'] as Record<string, unknown> | undefined), 'data-kc-field': path };
  if (!isArrayComponent(node) && node.type === 'object' && node.properties) {
    marked.properties = Object.fromEntries(entries(node).map(([key, child]) => [key, markFields(child, `${path}.${key}`)]));
  }
  return marked;
}

/**
 * Splits a compiled form into blocks of consecutive top-level fields (issue 16). A long form mounts
 * its first block at once and each other block when it nears the viewport, so the first screen costs
 * what one screen of fields costs, not what five hundred do. Pure: the rendering and every rule about
 * unmounted fields live in form-window.ts.
 *
 * A host's plain wrapper around the fields (StepFields nests a step under its key) is looked through:
 * the wrapper's properties are split and rendered at its path.
 */
export function splitIntoBlocks(compiled: ISchema, options: SplitOptions = {}): FormBlocks {
  const rowsOf = options.rowsOf ?? (() => 0);
  const windowFrom = options.windowFrom ?? WINDOW_FROM_CONTROLS;
  const blockControls = options.blockControls ?? BLOCK_CONTROLS;
  const firstBlockControls = options.firstBlockControls ?? Math.min(FIRST_BLOCK_CONTROLS, blockControls);
  const base: string[] = [];
  let root = compiled;
  for (;;) {
    const only = entries(root);
    const [first] = only;
    if (only.length !== 1 || !first || !plainWrapper(first[1])) break;
    base.push(first[0]);
    root = first[1];
  }
  const basePath = base.join('.');
  const at = (key: string): string => (basePath ? `${basePath}.${key}` : key);
  const parts = entries(root).map(([key, node]) => ({ key, node: markFields(node, key), ...measure(node, at(key), rowsOf) }));
  const total = parts.reduce((sum, part) => sum + part.controls, 0);
  const windowed = total > windowFrom;

  const blocks: FormBlock[] = [];
  let current: typeof parts = [];
  const close = (): void => {
    if (current.length === 0) return;
    blocks.push({
      index: blocks.length,
      keys: current.map((part) => part.key),
      schema: { type: 'object', properties: Object.fromEntries(current.map((part) => [part.key, part.node])) },
      controls: current.reduce((sum, part) => sum + part.controls, 0),
      estimatedHeight: current.reduce((sum, part) => sum + part.height, 0),
    });
    current = [];
  };
  let controls = 0;
  for (const part of parts) {
    const limit = blocks.length === 0 ? firstBlockControls : blockControls;
    if (windowed && current.length > 0 && controls + part.controls > limit) {
      close();
      controls = 0;
    }
    current.push(part);
    controls += part.controls;
  }
  close();
  if (blocks.length === 0) blocks.push({ index: 0, keys: [], schema: { type: 'object', properties: {} }, controls: 0, estimatedHeight: 0 });
  return { basePath, blocks, windowed: windowed && blocks.length > 1 };
}

/** The block holding a form path (`step.field.sub`, `field.3.name`), or undefined when the path is not in these blocks. */
export function blockOfPath(blocks: FormBlocks, path: string): FormBlock | undefined {
  const prefix = blocks.basePath ? `${blocks.basePath}.` : '';
  if (prefix && !path.startsWith(prefix)) return undefined;
  const key = path.slice(prefix.length).split('.')[0] ?? '';
  return blocks.blocks.find((block) => block.keys.includes(key));
}
