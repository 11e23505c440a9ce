import type { FormInstance } from 'antd';
import { ApiError } from '../api/api-error';

/**
 * Puts a refused request's field errors (HTTP 400/409 `errors[]`) on the form's fields that have
 * them. Returns the message to show above the form when some error had no field to go to.
 */
export function applyFieldErrors(
  form: Pick<FormInstance, 'setFields'>,
  failure: unknown,
  fields: readonly string[],
  fallback: string,
): string | undefined {
  if (!(failure instanceof ApiError)) return fallback;
  const known = failure.fieldErrors.filter((error) => fields.includes(error.path));
  const byField = new Map<string, string[]>();
  for (const error of known) byField.set(error.path, [...(byField.get(error.path) ?? []), error.message]);
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return known.length > 0 && known.length === failure.fieldErrors.length ? undefined : failure.message;
}
