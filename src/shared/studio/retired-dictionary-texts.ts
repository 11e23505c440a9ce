import { setJsonValue } from '../schema/set-json-value';

/** The dictionary's one file with `"retired": true` at its root: what retiring a dictionary publishes (ADR 0055). */
export function retiredDictionaryTexts(source: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...source].map(([file, text]) => [file, setJsonValue(text, ['retired'], true)]));
}
