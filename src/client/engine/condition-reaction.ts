import { isField, type GeneralField } from '@formily/core';
import { fieldState, type FieldCondition } from '../../shared/schema/conditions';
import type { JsonSchema } from '../../shared/schema/json-schema';

/** A Formily reaction written as a function: Formily runs it in an autorun, so nothing is compiled from a string. */
export type FieldReaction = (field: GeneralField) => void;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The values of the object that holds the field, read from the form's values by the field's data
 * path. Not `field.query('.x')`: inside an ArrayTable a field sits under a void Column node, so its
 * address-siblings are the columns, not the row's other fields; and a query finds only fields that
 * are already mounted.
 *
 * The copy is what makes the reaction re-run: spreading reads the object's keys (tracked, so a
 * sibling that appears for the first time counts) and each value. A bare hasOwnProperty check,
 * as conditionHolds does, is not tracked by Formily's observables.
 */
function siblingValues(field: GeneralField): Record<string, unknown> {
  const parent = field.path.segments.slice(0, -1);
  const values: unknown = parent.length === 0 ? field.form.values : field.form.getValuesIn(parent.join('.'));
  return isRecord(values) ? { ...values } : {};
}

/**
 * How a field shows that it is required: Formily's required rule (with the shared message), or,
 * for an array, only the label's asterisk (see requiredByAsterisk in compile-schema.ts).
 */
export type RequiredMark = 'rule' | 'asterisk';

/**
 * Shows or hides a conditional field, and makes it required or not, from its object's `if`/`then`
 * (see src/shared/schema/conditions.ts for the supported subset). A hidden field gets display
 * 'none', so Formily drops its value from the form values (it is not submitted) and skips its
 * rules, and restores the value if the field is shown again.
 */
export function conditionReaction(objectSchema: JsonSchema, name: string, conditions: FieldCondition[], mark: RequiredMark = 'rule'): FieldReaction {
  return (field) => {
    const state = fieldState(objectSchema, name, siblingValues(field), conditions);
    field.display = state.visible ? 'visible' : 'none';
    if (!isField(field)) return;
    if (mark === 'rule') field.required = state.required;
    else field.setDecoratorProps({ asterisk: state.required });
  };
}
