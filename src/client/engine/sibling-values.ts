import type { GeneralField } from '@formily/core';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The values of the object that holds the field, read from the form's values by the field's data
 * path. Not `field.query('.x')`: inside an ArrayTable a field sits under a void Column node, so its
 * address-siblings are the columns, not the row's other fields; and a query finds only fields that
 * are already mounted.
 *
 * The copy is what makes a reaction re-run: spreading reads the object's keys (tracked, so a
 * sibling that appears for the first time counts) and each value. A bare hasOwnProperty check,
 * as conditionHolds does, is not tracked by Formily's observables.
 */
export function siblingValues(field: GeneralField): Record<string, unknown> {
  const parent = field.path.segments.slice(0, -1);
  const values: unknown = parent.length === 0 ? field.form.values : field.form.getValuesIn(parent.join('.'));
  return isRecord(values) ? { ...values } : {};
}
