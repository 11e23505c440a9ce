import type { ErrorObject } from 'ajv';
import { validationMessage } from '../i18n/validation-message';
import type { Locale } from '../i18n/locale';
import { COMPARE_KEYWORD, compareErrorParams } from './compare-rule';
import type { FieldError } from './field-error';
import { firstErrorPerField } from './first-error-per-field';
import type { CompareOp, JsonSchema } from './json-schema';
import { schemaAtPath } from './schema-at-path';

function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function errorPath(error: ErrorObject): string {
  const segments = pointerToPath(error.instancePath);
  if (error.keyword === 'required') segments.push(String(error.params['missingProperty']));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params['additionalProperty']));
  return segments.join('.');
}

/** An x-compare error's params as the browser builds them: the other field's title comes from the schema. */
function compareParams(error: ErrorObject, path: string, rootSchema: JsonSchema, locale: Locale): Record<string, unknown> {
  const op = error.params['comparison'] as CompareOp;
  const moment = error.params['moment'];
  if (moment === 'today') return compareErrorParams({ op, today: true }, undefined, locale);
  if (moment === 'now') return compareErrorParams({ op, now: true }, undefined, locale);
  const field = String(error.params['field']);
  const siblingPath = [...path.split('.').slice(0, -1), field].join('.');
  return compareErrorParams({ op, field }, schemaAtPath(rootSchema, siblingPath), locale);
}

// `if` only says that a `then` failed; the `then` error itself names the field.
const WRAPPER_KEYWORDS = new Set(['if']);

/** Turns ajv's errors into localised field errors: one per field, the rule KEYWORD_ORDER puts first. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, rootSchema: JsonSchema, locale: Locale): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors ?? []) {
    if (WRAPPER_KEYWORDS.has(error.keyword)) continue;
    const path = errorPath(error);
    const key = `${path}\u0000${error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const params =
      error.keyword === COMPARE_KEYWORD ? compareParams(error, path, rootSchema, locale) : { ...(error.params as Record<string, unknown>) };
    result.push({
      path,
      keyword: error.keyword,
      params,
      message: validationMessage(error.keyword, params, schemaAtPath(rootSchema, path), locale),
    });
  }
  return firstErrorPerField(result);
}
