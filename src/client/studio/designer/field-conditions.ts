import { deriveConditions, type FieldCondition } from '../../../shared/schema/conditions';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { containerAt, forgetInConditions, setKeyword, type FieldPath } from './schema-edits';

/** "Shown (and required) when <field> is <value>", as the designer offers it: one sibling, one value. */
export interface ShowWhen {
  field: string;
  value: unknown;
  required: boolean;
}

/** The conditions of a field's group that show or hide it (read with the engine's own deriveConditions). */
export function conditionsOfField(root: JsonSchema, path: FieldPath): FieldCondition[] {
  const name = path[path.length - 1];
  const container = containerAt(root, path.slice(0, -1));
  if (!container || name === undefined) return [];
  try {
    return deriveConditions(container).filter((condition) => condition.thenFields.includes(name) || condition.elseFields.includes(name));
  } catch {
    // A condition outside the supported subset: the checker reports it; the panel shows none.
    return [];
  }
}

const testOf = (when: ShowWhen): JsonSchema => ({ properties: { [when.field]: { const: when.value } }, required: [when.field] });
const sameTest = (a: JsonSchema | undefined, b: JsonSchema): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Makes a field shown only when a sibling has a value, and then required or not: standard `if`/`then`
 * (in the group's allOf, or joined to an `if` that already tests the same thing). The field leaves
 * the group's `required` list, or it would be required while hidden.
 */
export function addShowWhen(root: JsonSchema, path: FieldPath, when: ShowWhen): JsonSchema {
  const name = path[path.length - 1];
  const next = structuredClone(root);
  const container = containerAt(next, path.slice(0, -1));
  if (!container || name === undefined || name === when.field) return root;
  const test = testOf(when);
  const join = (then: JsonSchema | undefined): JsonSchema => {
    const branch: JsonSchema = { ...(then ?? {}) };
    if (when.required) setKeyword(branch, 'required', [...(branch.required ?? []).filter((entry) => entry !== name), name]);
    else setKeyword(branch, 'properties', { ...(branch.properties ?? {}), [name]: {} });
    return branch;
  };
  if (sameTest(container.if, test)) container.then = join(container.then);
  else {
    const entries = container.allOf ?? [];
    const index = entries.findIndex((entry) => sameTest(entry.if, test));
    if (index >= 0) entries[index] = { ...entries[index], then: join(entries[index]?.then) };
    else entries.push({ if: test, then: join(undefined) });
    container.allOf = entries;
  }
  const required = (container.required ?? []).filter((entry) => entry !== name);
  setKeyword(container, 'required', required.length > 0 ? required : undefined);
  return next;
}

/** Makes a field always shown again: it leaves every branch of its group's conditions (required or not stays the author's next choice). */
export function clearShowWhen(root: JsonSchema, path: FieldPath): JsonSchema {
  const name = path[path.length - 1];
  const next = structuredClone(root);
  const container = containerAt(next, path.slice(0, -1));
  if (!container || name === undefined) return root;
  forgetInConditions(container, name, false);
  return next;
}
