import { isJsonSchema, type JsonSchema } from '../schema/json-schema';

/**
 * One `x-unique: true` field of a step. The two places check-activity-folder allows it: a top-level
 * string (`leadProjectName`) or a string column of a top-level table, ArrayTable or ArrayCards
 * (`projects.*.name`), whose every row's value counts.
 */
export interface UniqueField {
  /** The field's path inside the step, `*` standing for any row: `leadProjectName`, `projects.*.name`. */
  path: string;
  /** The top-level property holding the value, or the rows. */
  property: string;
  /** The column inside each row; undefined for a top-level field. */
  column: string | undefined;
  /** The field's own schema node (its title and x-messages word the error). */
  schema: JsonSchema;
}

/** One value of a unique field in a step's data: its path as field errors spell it (`projects.2.name`) and its text as compared (uniqueText). */
export interface UniqueValue {
  path: string;
  value: string;
}

// A row index in a path: field names start with a letter, so a segment of digits (or `*`) is a row.
const ROW_SEGMENT = /^(\d+|\*)$/;

const isUnique = (node: unknown): node is JsonSchema => isJsonSchema(node) && node['x-unique'] === true;

/**
 * A unique value as it is compared: without leading and trailing spaces. Spaces only, as PostgreSQL's
 * btrim(text) trims them, so that the browser, the server and the database's lookup agree.
 */
export function uniqueText(value: string): string {
  return value.replace(/^ +| +$/g, '');
}

/** The step's x-unique fields: top-level strings first, then table columns, each in written order. */
export function uniqueFields(schema: JsonSchema): UniqueField[] {
  const fields: UniqueField[] = [];
  const tables: UniqueField[] = [];
  for (const [property, node] of Object.entries(schema.properties ?? {})) {
    if (isUnique(node)) fields.push({ path: property, property, column: undefined, schema: node });
    const items = node.items;
    if (node.type !== 'array' || !isJsonSchema(items)) continue;
    for (const [column, cell] of Object.entries(items.properties ?? {})) {
      if (isUnique(cell)) tables.push({ path: `${property}.*.${column}`, property, column, schema: cell });
    }
  }
  return [...fields, ...tables];
}

/**
 * The unique field a lookup names: a top-level field (`leadProjectName`) or a table column with any
 * row number, or `*` (`projects.2.name`, `projects.*.name`); undefined when the path is no x-unique field.
 */
export function uniqueFieldAt(schema: JsonSchema, path: string): UniqueField | undefined {
  const segments = path.split('.');
  const pattern = segments.length === 3 && ROW_SEGMENT.test(segments[1] ?? '') ? `${segments[0]}.*.${segments[2]}` : path;
  return uniqueFields(schema).find((field) => field.path === pattern);
}

/** Every filled-in value of the field in one step's data, in row order; blanks count as not filled in. */
export function uniqueValuesOf(field: UniqueField, stepData: unknown): UniqueValue[] {
  if (typeof stepData !== 'object' || stepData === null) return [];
  const held = (stepData as Record<string, unknown>)[field.property];
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && uniqueText(value) !== '' ? uniqueText(value) : undefined;
  if (field.column === undefined) {
    const value = text(held);
    return value === undefined ? [] : [{ path: field.path, value }];
  }
  if (!Array.isArray(held)) return [];
  const column = field.column;
  return held.flatMap((row: unknown, index): UniqueValue[] => {
    const value = typeof row === 'object' && row !== null ? text((row as Record<string, unknown>)[column]) : undefined;
    return value === undefined ? [] : [{ path: `${field.property}.${index}.${column}`, value }];
  });
}
