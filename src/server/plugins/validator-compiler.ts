import type { default as Ajv, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../shared/schema/create-ajv';

/** A format's rule as ajv-formats defined it: a function, a RegExp, or either inside {validate}. */
function definedRule(ajv: Ajv, format: string): (value: string) => boolean {
  const defined: unknown = ajv.formats[format];
  const rule: unknown = typeof defined === 'object' && defined !== null && 'validate' in defined ? defined.validate : defined;
  if (typeof rule === 'function') return (value) => (rule as (value: string) => unknown)(value) === true;
  if (rule instanceof RegExp) return (value) => rule.test(value);
  throw new Error(`ajv has no ${format} format`);
}

/**
 * ajv-formats' date-time admits a leap second (23:59:60), which Date cannot hold: a route would accept
 * a date its handler then fails on with a 500. So a route's date and date-time must also be a Date.
 * Replaced before anything is compiled: ajv keeps the first function it compiled a format with.
 */
function requireParsableDates(ajv: Ajv): void {
  for (const format of ['date', 'date-time']) {
    const standard = definedRule(ajv, format);
    ajv.addFormat(format, { type: 'string', validate: (value: string) => standard(value) && !Number.isNaN(Date.parse(value)) });
  }
}

/**
 * Route schemas are checked by the shared ajv factory, not Fastify's default instance: strict mode,
 * no type coercion and no silent removal of unknown properties (they are rejected), and the errors
 * map to field errors the same way as the form schemas' do. What no schema can express (NUL, lone
 * surrogates, nesting depth) is refused by the input guard just before the schemas run.
 */
export function installValidatorCompiler(app: FastifyInstance): void {
  const ajv = createAjv();
  requireParsableDates(ajv);
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
