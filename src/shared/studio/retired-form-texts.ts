import { RETIRED_FORM_KEYWORD } from '../schema/is-retired-form';
import { setJsonValue } from '../schema/set-json-value';

/** The form's one file with `"x-retired": true` at its root: what retiring a form publishes (ADR 0055). */
export function retiredFormTexts(source: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...source].map(([file, text]) => [file, setJsonValue(text, [RETIRED_FORM_KEYWORD], true)]));
}
