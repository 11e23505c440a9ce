import type { FieldError } from './field-error';

/**
 * Which rule speaks for a field when several fail, the same in the browser and on the server: being
 * missing first, then being the wrong kind of value, then its form (a format or pattern says what is
 * expected), then its size. A value both too long and of the wrong pattern is told its pattern.
 * A cross-field rule (x-compare) comes last: it speaks only about a value that is fine on its own.
 */
export const KEYWORD_ORDER: readonly string[] = [
  'required',
  'type',
  'const',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalProperties',
  'x-compare',
];

export function keywordRank(keyword: string): number {
  const rank = KEYWORD_ORDER.indexOf(keyword);
  return rank === -1 ? KEYWORD_ORDER.length : rank;
}

/** One error per field (path), the first by KEYWORD_ORDER, the fields in the order they first failed. */
export function firstErrorPerField(errors: readonly FieldError[]): FieldError[] {
  const chosen = new Map<string, FieldError>();
  for (const error of errors) {
    const current = chosen.get(error.path);
    if (!current || keywordRank(error.keyword) < keywordRank(current.keyword)) chosen.set(error.path, error);
  }
  return [...chosen.values()];
}
