import type { ISchema } from '@formily/react';
import { uniqueFields, uniqueText, type UniqueField } from '../../../shared/activity/unique-fields';
import type { JsonSchema } from '../../../shared/schema/json-schema';

/**
 * Resolves to true when another application of the activity already uses `value` for the field at
 * `path` inside the step: `leadProjectName`, or a table cell `projects.2.name` (any row counts).
 */
export type UniqueCheck = (path: string, value: string) => Promise<boolean>;

/** What Formily hands a validator as its third argument: the field being checked and its form. */
interface ValidatorContext {
  field?: { path: { segments: ReadonlyArray<string | number> } };
  form?: { getValuesIn: (path: Array<string | number>) => unknown };
}

type Validator = (value: unknown, rule: unknown, context?: ValidatorContext) => Promise<string>;

function withRule(field: ISchema, validator: Validator): ISchema {
  const own = field['x-validator'];
  const existing: unknown[] = own === undefined ? [] : Array.isArray(own) ? own : [own];
  return { ...field, 'x-validator': [...existing, { triggerType: 'onBlur' as const, validator }] as ISchema['x-validator'] };
}

/** Asks the server; a failed check (network, server) blocks nothing, the server checks again at submit. */
async function askServer(check: UniqueCheck, path: string, value: string, takenMessage: string): Promise<string> {
  try {
    return (await check(path, value)) ? takenMessage : '';
  } catch {
    return '';
  }
}

/**
 * A table cell's check. Its row comes from the cell's own path (`…projects.2.name`: the row number
 * before the column), so one rule serves every row, rows added later too. A value an earlier row of
 * the same table holds is refused without asking, as the server refuses it at submit.
 */
function cellValidator(field: UniqueField & { column: string }, check: UniqueCheck, takenMessage: string): Validator {
  return async (value, _rule, context) => {
    if (typeof value !== 'string' || uniqueText(value) === '') return '';
    const segments = context?.field?.path.segments ?? [];
    const row = Number(segments[segments.length - 2]);
    if (!Number.isInteger(row)) return askServer(check, `${field.property}.*.${field.column}`, value, takenMessage);
    const rows = context?.form?.getValuesIn(segments.slice(0, -2));
    const earlier = Array.isArray(rows) ? rows.slice(0, row) : [];
    const repeated = earlier.some((entry: unknown) => {
      const held = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[field.column] : undefined;
      return typeof held === 'string' && uniqueText(held) === uniqueText(value);
    });
    if (repeated) return takenMessage;
    return askServer(check, `${field.property}.${row}.${field.column}`, value, takenMessage);
  };
}

/**
 * The compiled array with the rule on its column's cell: an ArrayTable wraps each cell in a void
 * column node of the same name (compile-schema.ts), an ArrayCards row holds the cell itself.
 */
function withCellRule(array: ISchema, column: string, validator: Validator): ISchema {
  const items = array.items;
  if (!items || Array.isArray(items) || typeof items !== 'object') return array;
  const row = items as ISchema;
  const cells = row.properties as Record<string, ISchema> | undefined;
  const holder = cells?.[column];
  if (!cells || !holder) return array;
  const inner = holder.type === 'void' ? (holder.properties as Record<string, ISchema> | undefined)?.[column] : undefined;
  const next = inner
    ? { ...holder, properties: { ...(holder.properties as Record<string, ISchema>), [column]: withRule(inner, validator) } }
    : withRule(holder, validator);
  return { ...array, items: { ...row, properties: { ...cells, [column]: next } } };
}

/**
 * Adds an on-blur check to every `x-unique` field of the step (ADR 0004), a top-level field or a
 * table column: the applicant learns that a name is taken while still on the field, not only when
 * the submit is refused. A failed check (network, server) blocks nothing; the server checks again at submit.
 */
export function withUniqueChecks(compiled: ISchema, canonical: JsonSchema, check: UniqueCheck, takenMessage: string): ISchema {
  const properties = compiled.properties;
  if (!properties || typeof properties !== 'object') return compiled;
  const next: Record<string, ISchema> = { ...(properties as Record<string, ISchema>) };
  for (const field of uniqueFields(canonical)) {
    const node = next[field.property];
    if (!node) continue;
    const column = field.column;
    if (column === undefined) {
      next[field.property] = withRule(node, async (value) =>
        typeof value !== 'string' || uniqueText(value) === '' ? '' : askServer(check, field.path, value, takenMessage),
      );
    } else {
      next[field.property] = withCellRule(node, column, cellValidator({ ...field, column }, check, takenMessage));
    }
  }
  return { ...compiled, properties: next };
}
