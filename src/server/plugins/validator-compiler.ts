import type { ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../shared/schema/create-ajv';

/**
 * Route schemas are checked by the shared ajv factory, not Fastify's default instance: strict mode,
 * no type coercion and no silent removal of unknown properties (they are rejected), and the errors
 * map to field errors the same way as the form schemas' do. Its date and date-time are dates the
 * code and the database can use (no leap second, years 0001–9999: CUSTOM_FORMATS). What no schema
 * can express (NUL, lone surrogates, nesting depth, numbers past 2^53) is refused by the input guard
 * just before the schemas run.
 */
export function installValidatorCompiler(app: FastifyInstance): void {
  const ajv = createAjv();
  // Compiled when the route is first called, not at start-up (issue 16's cold start); Fastify reads
  // the errors from the function it was given, so they are copied onto it.
  app.setValidatorCompiler(({ schema }) => {
    let compiled: ValidateFunction | undefined;
    const validate = (data: unknown): boolean => {
      compiled ??= ajv.compile(schema);
      const valid = compiled(data) as boolean;
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = undefined as ValidateFunction['errors'];
    return validate;
  });
}
