import { isField, type GeneralField } from '@formily/core';
import type { FieldReaction } from './condition-reaction';
import { siblingValues } from './sibling-values';

const isAbsent = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * Re-judges a field carrying x-compare when the field it compares with changes: a start date moved
 * past the end date makes the end date wrong without the user touching it. Formily runs the
 * reaction in an autorun, tracking the sibling's value (read through siblingValues); nothing is
 * compiled from a string.
 *
 * It follows Formily's own policy for a value change: a field the user has not edited yet is left
 * alone (its rules run at submit), as is an empty one (only `required` speaks for it), unless it
 * shows an error now, which may no longer hold. The first run only notes the sibling's value, so
 * opening a form or a draft judges nothing.
 */
export function compareReaction(field: string): FieldReaction {
  // Per Formily field: one compiled schema serves every row of a table.
  const seen = new WeakMap<GeneralField, unknown>();
  return (target) => {
    if (!isField(target)) return;
    const other = siblingValues(target)[field];
    const first = !seen.has(target);
    const changed = !Object.is(seen.get(target), other);
    seen.set(target, other);
    if (first || !changed) return;
    const showsError = target.selfErrors.length > 0;
    if (!showsError && (!target.selfModified || isAbsent(target.value))) return;
    // Outside the autorun: validating reads and writes the field's state, which must not become
    // this reaction's dependencies.
    queueMicrotask(() => {
      // validate() rejects with the errors it has just put on the field, where the user sees them.
      if (!target.destroyed) target.validate('onInput').catch(() => undefined);
    });
  };
}
