import type { Form } from '@formily/core';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { cleanFormValues } from '../../engine/clean-form-values';

/** A plain copy of the form's (observable) values. */
export function plainCopy(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** A step's values as the server stores them: ArrayTable's keys out, empty values out. */
export function storedStepValues(form: Form | undefined, step: string): Record<string, unknown> {
  const values = form ? plainCopy(form.getValuesIn(step)) : undefined;
  const cleaned = pruneEmpty(cleanFormValues(values ?? {}));
  return typeof cleaned === 'object' && cleaned !== null && !Array.isArray(cleaned) ? (cleaned as Record<string, unknown>) : {};
}
