import { isField, type GeneralField } from '@formily/core';
import { fieldState, type FieldCondition } from '../../shared/schema/conditions';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { siblingValues } from './sibling-values';

/** A Formily reaction written as a function: Formily runs it in an autorun, so nothing is compiled from a string. */
export type FieldReaction = (field: GeneralField) => void;

/**
 * How a field shows that it is required: Formily's required rule (with the shared message), or,
 * for an array, the label's asterisk, while the array's own rule judges it (see requiresOwnRule in
 * field-rules.ts).
 */
export type RequiredMark = 'rule' | 'asterisk';

/**
 * Whether a conditional field is required for the values beside it right now, as its reaction
 * decides it. An array's own required rule asks this when it judges (field-rules.ts): its
 * requiredness lives in no Formily rule that the reaction could toggle.
 */
export function conditionRequired(objectSchema: JsonSchema, name: string, conditions: FieldCondition[]): (field: GeneralField) => boolean {
  return (field) => fieldState(objectSchema, name, siblingValues(field), conditions).required;
}

/**
 * Shows or hides a conditional field, and makes it required or not, from its object's `if`/`then`
 * (see src/shared/schema/conditions.ts for the supported subset). A hidden field gets display
 * 'none', so Formily drops its value from the form values (it is not submitted) and skips its
 * rules, and restores the value if the field is shown again.
 */
export function conditionReaction(
  objectSchema: JsonSchema,
  name: string,
  conditions: FieldCondition[],
  mark: RequiredMark = 'rule',
): FieldReaction {
  return (field) => {
    const state = fieldState(objectSchema, name, siblingValues(field), conditions);
    field.display = state.visible ? 'visible' : 'none';
    if (!isField(field)) return;
    if (mark === 'rule') field.required = state.required;
    else field.setDecoratorProps({ asterisk: state.required });
  };
}
