import type { JsonSchema } from '../../../shared/schema/json-schema';
import { isGroupKind, kindOf } from './field-kind';

/** A field's place: the property names from the schema's root down to it (a table's or card's columns under the table's name). */
export type FieldPath = readonly string[];

/** One field as the designer lists it. */
export interface DesignerField {
  name: string;
  path: FieldPath;
  schema: JsonSchema;
  required: boolean;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object schema that holds the members of a group (a section itself, a table's or cards' row object), or the root for []. */
export function containerAt(root: JsonSchema, path: FieldPath): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const name of path) {
    const field: unknown = node?.properties?.[name];
    if (!isObject(field)) return undefined;
    node = isObject(field.items) ? field.items : field;
  }
  return node?.properties ? node : undefined;
}

/** The field schema at a path, or undefined. */
export function fieldAt(root: JsonSchema, path: FieldPath): JsonSchema | undefined {
  const container = containerAt(root, path.slice(0, -1));
  const name = path[path.length - 1];
  const field: unknown = name === undefined ? undefined : container?.properties?.[name];
  return isObject(field) ? field : undefined;
}

/** A container's members in the order the form shows them: by x-order, then as written (as compile-schema orders them). */
export function fieldsAt(root: JsonSchema, path: FieldPath): DesignerField[] {
  const container = containerAt(root, path);
  if (!container?.properties) return [];
  const required = new Set(container.required ?? []);
  return Object.entries(container.properties)
    .map(([name, schema], index) => ({ name, schema, index }))
    .filter((entry) => isObject(entry.schema))
    .sort((a, b) => (a.schema['x-order'] ?? Infinity) - (b.schema['x-order'] ?? Infinity) || a.index - b.index)
    .map(({ name, schema }) => ({ name, path: [...path, name], schema, required: required.has(name) }));
}

/** Whether the field at a path holds members of its own (a section, a table or cards of rows). */
export const isGroupAt = (root: JsonSchema, path: FieldPath): boolean => {
  const field = fieldAt(root, path);
  return field !== undefined && isGroupKind(kindOf(field)) && containerAt(root, path) !== undefined;
};

/**
 * Sets one keyword of a node, keeping the keyword's place when it is there (so an unchanged value
 * writes the same JSON), adding it last when it is new, removing it for undefined.
 */
export function setKeyword(node: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) {
    delete node[key];
    return;
  }
  node[key] = value;
}

/** A copy to edit: the designer never changes the schema it was given. */
const copy = (root: JsonSchema): JsonSchema => structuredClone(root);

/** Writes a container's members in a new order: properties in that order, and x-order renumbered where the container uses it. */
function reorder(container: JsonSchema, names: readonly string[]): void {
  const properties = container.properties ?? {};
  const usesOrder = Object.values(properties).some((field) => isObject(field) && field['x-order'] !== undefined);
  container.properties = Object.fromEntries(
    names.flatMap((name, index) => {
      const field = properties[name];
      if (!field) return [];
      if (usesOrder && field['x-order'] !== index + 1) setKeyword(field, 'x-order', index + 1);
      return [[name, field]];
    }),
  );
}

const orderOf = (root: JsonSchema, path: FieldPath): string[] => fieldsAt(root, path).map((field) => field.name);

/** A name not yet used in a container: the base, or base2, base3 … */
export function freeName(root: JsonSchema, path: FieldPath, base: string): string {
  const taken = new Set(Object.keys(containerAt(root, path)?.properties ?? {}));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/** Adds a field to a group at a position of the shown order. */
export function addField(root: JsonSchema, path: FieldPath, name: string, schema: JsonSchema, index: number): JsonSchema {
  const next = copy(root);
  const container = containerAt(next, path);
  if (!container) return root;
  const names = orderOf(next, path);
  container.properties = { ...container.properties, [name]: schema };
  names.splice(Math.max(0, Math.min(index, names.length)), 0, name);
  reorder(container, names);
  return next;
}

/** Moves a field to another position among its siblings (the shown order). */
export function moveField(root: JsonSchema, path: FieldPath, toIndex: number): JsonSchema {
  const parent = path.slice(0, -1);
  const name = path[path.length - 1];
  const names = orderOf(root, parent);
  const from = name === undefined ? -1 : names.indexOf(name);
  if (from < 0 || toIndex < 0 || toIndex >= names.length || from === toIndex) return root;
  const next = copy(root);
  const container = containerAt(next, parent);
  if (!container || name === undefined) return root;
  names.splice(from, 1);
  names.splice(toIndex, 0, name);
  reorder(container, names);
  return next;
}

/** Takes a field out of its container (with its required flag) and answers it, on a copy the caller goes on editing. */
function detach(root: JsonSchema, path: FieldPath): { field: JsonSchema; required: boolean } | undefined {
  const container = containerAt(root, path.slice(0, -1));
  const name = path[path.length - 1];
  const field = name === undefined ? undefined : container?.properties?.[name];
  if (!container || !field || name === undefined) return undefined;
  const { [name]: _removed, ...rest } = container.properties ?? {};
  container.properties = rest;
  const required = (container.required ?? []).includes(name);
  if (required)
    setKeyword(
      container,
      'required',
      (container.required ?? []).filter((entry) => entry !== name),
    );
  return { field, required };
}

function attach(
  container: JsonSchema,
  root: JsonSchema,
  path: FieldPath,
  name: string,
  moved: { field: JsonSchema; required: boolean },
  index: number,
) {
  const names = orderOf(root, path);
  container.properties = { ...container.properties, [name]: moved.field };
  names.splice(Math.max(0, Math.min(index, names.length)), 0, name);
  reorder(container, names);
  if (moved.required) setKeyword(container, 'required', [...(container.required ?? []), name]);
}

/** Why a move between groups cannot be made: the target already has a member of that name. */
export class NameTakenError extends Error {
  constructor(readonly fieldName: string) {
    super(`field name taken: ${fieldName}`);
    this.name = 'NameTakenError';
  }
}

/**
 * Moves a field into another group (or the root, []) at a position of that group's shown order; its
 * required flag goes with it. Throws NameTakenError when the group already has a member of that name.
 */
export function moveToGroup(root: JsonSchema, path: FieldPath, groupPath: FieldPath, index: number): JsonSchema {
  const name = path[path.length - 1];
  const from = path.slice(0, -1);
  if (name === undefined || (groupPath.length > 0 && !isGroupAt(root, groupPath))) return root;
  // Into itself or one of its own members: there is no such place.
  if (groupPath.length >= path.length && path.every((part, at) => groupPath[at] === part)) return root;
  if (from.length === groupPath.length && from.every((part, at) => groupPath[at] === part)) return moveField(root, path, index);
  if (containerAt(root, groupPath)?.properties?.[name]) throw new NameTakenError(name);
  const next = copy(root);
  const moved = detach(next, path);
  const target = containerAt(next, groupPath);
  if (!moved || !target) return root;
  attach(target, next, groupPath, name, moved, index);
  return next;
}

/** Moves a field into a group (a section, table or cards), last. */
export const moveIntoGroup = (root: JsonSchema, path: FieldPath, groupPath: FieldPath): JsonSchema =>
  moveToGroup(root, path, groupPath, Number.MAX_SAFE_INTEGER);

/** Moves a field out of its group, to just after the group in the group's own container. */
export function moveOutOfGroup(root: JsonSchema, path: FieldPath): JsonSchema {
  const groupPath = path.slice(0, -1);
  const groupName = groupPath[groupPath.length - 1];
  if (groupName === undefined) return root;
  const outerPath = groupPath.slice(0, -1);
  return moveToGroup(root, path, outerPath, orderOf(root, outerPath).indexOf(groupName) + 1);
}

/** Removes a field, its required flag and what the group's conditions say of it. */
export function removeField(root: JsonSchema, path: FieldPath): JsonSchema {
  const name = path[path.length - 1];
  const next = copy(root);
  if (name === undefined || !detach(next, path)) return root;
  const container = containerAt(next, path.slice(0, -1));
  if (container) forgetInConditions(container, name, true);
  return next;
}

/**
 * Drops a field from the `then`/`else` branches of its container's conditions (a branch left empty
 * goes, and its condition with it); with dropTests, a condition that tests the field goes too (the
 * field was removed).
 */
export function forgetInConditions(container: JsonSchema, name: string, dropTests: boolean): void {
  const branch = (node: JsonSchema | undefined): JsonSchema | undefined => {
    if (!node) return undefined;
    const required = node.required?.filter((entry) => entry !== name);
    const { [name]: _gone, ...properties } = node.properties ?? {};
    const kept: JsonSchema = { ...node };
    setKeyword(kept, 'required', node.required ? required : undefined);
    setKeyword(kept, 'properties', node.properties ? properties : undefined);
    return (kept.required?.length ?? 0) + Object.keys(kept.properties ?? {}).length > 0 ? kept : undefined;
  };
  const clean = (entry: JsonSchema): JsonSchema | undefined => {
    if (!entry.if) return entry;
    if (dropTests && entry.if.properties?.[name]) return undefined;
    const then = branch(entry.then);
    const otherwise = branch(entry.else);
    if (!then && !otherwise) return undefined;
    const kept: JsonSchema = { ...entry };
    setKeyword(kept, 'then', then);
    setKeyword(kept, 'else', otherwise);
    return kept;
  };
  if (container.if) {
    const own = clean({
      if: container.if,
      ...(container.then ? { then: container.then } : {}),
      ...(container.else ? { else: container.else } : {}),
    });
    setKeyword(container, 'if', own?.if);
    setKeyword(container, 'then', own?.then);
    setKeyword(container, 'else', own?.else);
  }
  if (container.allOf) {
    const entries = container.allOf.flatMap((entry) => {
      const kept = isObject(entry) ? clean(entry) : entry;
      return kept ? [kept] : [];
    });
    setKeyword(container, 'allOf', entries.length > 0 ? entries : undefined);
  }
}

/** Changes one field through an edit of its own copy; the field keeps its place and every keyword it did not touch. */
export function updateField(root: JsonSchema, path: FieldPath, edit: (field: JsonSchema) => void): JsonSchema {
  const next = copy(root);
  const field = fieldAt(next, path);
  if (!field) return root;
  edit(field);
  return next;
}

/** Marks a field required or optional in its container's `required`. */
export function setRequired(root: JsonSchema, path: FieldPath, required: boolean): JsonSchema {
  const name = path[path.length - 1];
  const current = containerAt(root, path.slice(0, -1));
  if (name === undefined || !current || (current.required ?? []).includes(name) === required) return root;
  const next = copy(root);
  const container = containerAt(next, path.slice(0, -1));
  if (!container) return root;
  const list = (container.required ?? []).filter((entry) => entry !== name);
  // An empty `required` is left out, as the schemas write it.
  setKeyword(container, 'required', required ? [...list, name] : list.length > 0 ? list : undefined);
  return next;
}
