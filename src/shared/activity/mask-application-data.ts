import { isShownMasked, maskedColumnsOf, maskedFieldsOf } from '../resource/masked-fields-of';
import { maskColumns, maskFields } from '../rules/mask-fields';
import type { ActivityStepDefinition } from './activity-definition';

type Step = Pick<ActivityStepDefinition, 'key' | 'schema'>;

/**
 * An application's data with each step's personal fields masked (x-mask on a text field of the step's
 * schema, or on a text column of one of its tables: a team member's phone), as the resource engine
 * masks a record's (SECURITY R35, ADR 0065). Steps the activity no longer has stay as they are.
 */
export function maskApplicationData(
  steps: readonly Step[],
  data: Readonly<Record<string, Record<string, unknown>>>,
): Record<string, Record<string, unknown>> {
  const masked: Record<string, Record<string, unknown>> = { ...data };
  for (const step of steps) {
    const values = data[step.key];
    if (values === undefined) continue;
    masked[step.key] = maskColumns(maskedColumnsOf(step.schema), maskFields(maskedFieldsOf(step.schema), values));
  }
  return masked;
}

/** The personal fields of an activity's steps, named `step.field` or `step.table[].column`: what an unmask's audit row names. */
export function applicationMaskedPaths(steps: readonly Step[]): string[] {
  return steps.flatMap((step) => [
    ...maskedFieldsOf(step.schema).map(([field]) => `${step.key}.${field}`),
    ...maskedColumnsOf(step.schema).map(([table, column]) => `${step.key}.${table}[].${column}`),
  ]);
}

/** Whether an application as shown has a personal value masked (its applicant reads theirs whole): where a reviewer's unmask is offered. */
export function showsMaskedValues(steps: readonly Step[], data: Readonly<Record<string, Record<string, unknown> | undefined>>): boolean {
  return steps.some((step) => {
    const values = data[step.key];
    if (values === undefined) return false;
    if (maskedFieldsOf(step.schema).some(([field, mask]) => isShownMasked(mask, values[field]))) return true;
    return maskedColumnsOf(step.schema).some(([table, column, mask]) => {
      const rows = values[table];
      return (
        Array.isArray(rows) &&
        rows.some(
          (row: unknown) => typeof row === 'object' && row !== null && isShownMasked(mask, (row as Record<string, unknown>)[column]),
        )
      );
    });
  });
}
