import type { default as Ajv, ValidateFunction } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { createAjv } from '../../../shared/schema/create-ajv';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { toFieldErrors } from '../../../shared/schema/to-field-errors';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';

let ajv: Ajv | undefined;
const validators = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * A schema a live route checks at the request (a live list's request, a live alias's input), compiled
 * once by the shared ajv factory. ajv keeps every schema it compiled; this one lives as long as the
 * schema object (a unit version's), in the WeakMap only.
 */
export function liveValidator(schema: JsonSchema): ValidateFunction {
  const known = validators.get(schema);
  if (known) return known;
  ajv ??= createAjv();
  const validate = ajv.compile(schema);
  ajv.removeSchema(schema);
  validators.set(schema, validate);
  return validate;
}

/** Checks input against a live schema: a refusal is the same 400 as a route schema's, `{code, msg, errors}` with each field's error. */
export function checkLive(request: FastifyRequest, schema: JsonSchema, input: unknown): void {
  const validate = liveValidator(schema);
  if (validate(input)) return;
  const locale = requestLocale(request);
  throw new AppError(400, 'badRequest', {
    msg: serverMessage('validationFailed', locale),
    errors: toFieldErrors(validate.errors, schema, locale),
  });
}
