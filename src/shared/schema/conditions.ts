import { isJsonSchema, type JsonSchema } from './json-schema';

/** One comparison of an `if`: a sibling field equal to a constant, or one of a list. */
export interface ConditionTest {
  field: string;
  const?: unknown;
  enum?: unknown[];
}

/**
 * "Fields B are shown and required when A is X", derived from one `if`/`then`/`else` of an object
 * schema. The server's ajv enforces the same `if`; the browser uses this description to show, hide
 * and require fields without evaluating anything.
 */
export interface FieldCondition {
  /** All must hold (the `if`'s properties, each listed in its `required`). */
  when: ConditionTest[];
  /** Fields named by `then` (its `required` and `properties`): shown only while `when` holds. */
  thenFields: string[];
  thenRequired: string[];
  /** Fields named by `else`: shown only while `when` does not hold. */
  elseFields: string[];
  elseRequired: string[];
}

/** An `if` the engine cannot turn into a show/hide rule. Thrown, never skipped. */
export class UnsupportedConditionError extends Error {
  constructor(
    readonly pointer: string,
    detail: string,
  ) {
    super(`${pointer}: ${detail}`);
    this.name = 'UnsupportedConditionError';
  }
}

const BRANCH_KEYS = new Set(['required', 'properties']);
const TEST_KEYS = new Set(['const', 'enum', 'title', 'description']);

function branchFields(branch: JsonSchema | undefined, pointer: string): { fields: string[]; required: string[] } {
  if (!branch) return { fields: [], required: [] };
  for (const key of Object.keys(branch)) {
    if (!BRANCH_KEYS.has(key)) throw new UnsupportedConditionError(pointer, `条件分支只能写 required 和 properties，不支持 "${key}"`);
  }
  const required = [...(branch.required ?? [])];
  const fields = [...new Set([...required, ...Object.keys(branch.properties ?? {})])];
  return { fields, required };
}

function conditionTests(test: JsonSchema, pointer: string): ConditionTest[] {
  for (const key of Object.keys(test)) {
    if (key !== 'properties' && key !== 'required')
      throw new UnsupportedConditionError(pointer, `if 只能写 properties 和 required，不支持 "${key}"`);
  }
  const entries = Object.entries(test.properties ?? {});
  if (entries.length === 0) throw new UnsupportedConditionError(pointer, 'if 至少要比较一个字段');
  const required = new Set(test.required ?? []);
  return entries.map(([field, node]) => {
    if (!isJsonSchema(node)) throw new UnsupportedConditionError(`${pointer}/properties/${field}`, '条件必须是对象');
    for (const key of Object.keys(node)) {
      if (!TEST_KEYS.has(key))
        throw new UnsupportedConditionError(`${pointer}/properties/${field}`, `条件只能用 const 或 enum 比较，不支持 "${key}"`);
    }
    if (node.const === undefined && !Array.isArray(node.enum)) {
      throw new UnsupportedConditionError(`${pointer}/properties/${field}`, '条件必须用 const 或 enum 给出取值');
    }
    // Without `required`, an absent field would satisfy the `if` in JSON Schema: a trap for authors.
    if (!required.has(field))
      throw new UnsupportedConditionError(`${pointer}/required`, `条件字段 "${field}" 必须同时列在 if 的 required 中`);
    return node.const !== undefined ? { field, const: node.const } : { field, enum: [...(node.enum ?? [])] };
  });
}

function fromIf(node: JsonSchema, pointer: string): FieldCondition | undefined {
  if (!node.if) return undefined;
  const when = conditionTests(node.if, `${pointer}/if`);
  const then = branchFields(node.then, `${pointer}/then`);
  const otherwise = branchFields(node.else, `${pointer}/else`);
  return { when, thenFields: then.fields, thenRequired: then.required, elseFields: otherwise.fields, elseRequired: otherwise.required };
}

/**
 * The conditions of one object schema: its own `if` and every `if` directly inside its `allOf`.
 * Throws UnsupportedConditionError for a condition outside the supported subset.
 */
export function deriveConditions(objectSchema: JsonSchema, pointer = ''): FieldCondition[] {
  const conditions: FieldCondition[] = [];
  const own = fromIf(objectSchema, pointer);
  if (own) conditions.push(own);
  (objectSchema.allOf ?? []).forEach((entry, index) => {
    if (!isJsonSchema(entry)) return;
    const condition = fromIf(entry, `${pointer}/allOf/${index}`);
    if (condition) conditions.push(condition);
  });
  return conditions;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** Whether the `if` holds for these sibling values, exactly as ajv would judge it. */
export function conditionHolds(condition: FieldCondition, values: Record<string, unknown>): boolean {
  return condition.when.every((test) => {
    if (!Object.prototype.hasOwnProperty.call(values, test.field)) return false;
    const value = values[test.field];
    if (test.const !== undefined) return sameValue(value, test.const);
    return (test.enum ?? []).some((allowed) => sameValue(value, allowed));
  });
}

export interface FieldState {
  visible: boolean;
  required: boolean;
}

/**
 * Whether a field of this object is shown and required for the current sibling values. A field that
 * no condition names is always shown; it is required when the object's `required` lists it. A field
 * named by a condition is shown while one of the branches naming it is active.
 */
export function fieldState(
  objectSchema: JsonSchema,
  field: string,
  values: Record<string, unknown>,
  conditions = deriveConditions(objectSchema),
): FieldState {
  let governed = false;
  let visible = false;
  let required = (objectSchema.required ?? []).includes(field);
  for (const condition of conditions) {
    const inThen = condition.thenFields.includes(field);
    const inElse = condition.elseFields.includes(field);
    if (!inThen && !inElse) continue;
    governed = true;
    const holds = conditionHolds(condition, values);
    if ((holds && inThen) || (!holds && inElse)) visible = true;
    if ((holds && condition.thenRequired.includes(field)) || (!holds && condition.elseRequired.includes(field))) required = true;
  }
  return { visible: governed ? visible : true, required };
}

/** Every field that some condition shows or hides. */
export function conditionalFields(conditions: FieldCondition[]): Set<string> {
  return new Set(conditions.flatMap((condition) => [...condition.thenFields, ...condition.elseFields]));
}
