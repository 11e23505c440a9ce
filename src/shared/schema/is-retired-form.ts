import type { JsonSchema } from './json-schema';

/** The keyword that retires a form, at its file's root (ADR 0055); nowhere else does it mean anything. */
export const RETIRED_FORM_KEYWORD = 'x-retired';

/** Whether a form's schema is retired: its endpoint takes no new submission, and no matching folder may newly name it. */
export function isRetiredForm(schema: JsonSchema): boolean {
  return schema[RETIRED_FORM_KEYWORD] === true;
}
