import fc from 'fast-check';
import { isJsonSchema, type JsonSchema } from '../../../src/shared/schema/json-schema';
import { residentIdCheckChar } from '../../../src/shared/rules/resident-id-number';
import { unifiedSocialCreditCheckChar } from '../../../src/shared/rules/unified-social-credit-code';

export interface SchemaArbitraryContext {
  /** The node a local `$ref` (`#/components/schemas/…`) names. */
  resolveRef(ref: string): JsonSchema | undefined;
  /** Ids the app has answered with so far: a uuid is sometimes one of them, so a request can reach a real record. */
  knownIds(): readonly string[];
}

const MAX_DEPTH = 6;
const MAX_STRING = 40;
const MAX_ITEMS = 4;

// Cheap to draw, unlike full graphemes: ASCII with some of the Chinese every form is filled in with.
const TEXT_CHARS = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,@/（）中文科创测试申报企业单位项目',
);

const dateBetween = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });

function uuidArbitrary(context: SchemaArbitraryContext): fc.Arbitrary<string> {
  const known = context.knownIds();
  return known.length === 0 ? fc.uuid({ version: 4 }) : fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...known));
}

// Building a string arbitrary from a regular expression is slow, and route schemas repeat a few of them.
const built = new Map<string, fc.Arbitrary<string> | undefined>();

function once(key: string, build: () => fc.Arbitrary<string> | undefined): fc.Arbitrary<string> | undefined {
  if (!built.has(key)) built.set(key, build());
  return built.get(key);
}

function formatArbitrary(format: string, context: SchemaArbitraryContext): fc.Arbitrary<string> | undefined {
  return format === 'uuid' ? uuidArbitrary(context) : once(`format:${format}`, () => fixedFormatArbitrary(format));
}

function fixedFormatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date':
      return dateBetween.map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return dateBetween.map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress({ size: 'small' });
    case 'uri':
    case 'url':
      return fc.webUrl({ size: 'small' });
    case 'mobile':
      return fc.stringMatching(/^1[3-9]\d{9}$/);
    case 'uscc':
      return fc
        .stringMatching(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{9}$/)
        .map((first) => first + unifiedSocialCreditCheckChar(first));
    case 'idcard':
      return fc
        .tuple(
          fc.stringMatching(/^[1-6]\d{5}$/),
          dateBetween.filter((date) => date.getUTCFullYear() >= 1900 && date.getUTCFullYear() <= 2099),
          fc.stringMatching(/^\d{3}$/),
        )
        .map(([area, birth, sequence]) => `${area}${birth.toISOString().slice(0, 10).replaceAll('-', '')}${sequence}`)
        .map((first) => first + residentIdCheckChar(first));
    default:
      return undefined;
  }
}

function stringArbitrary(schema: JsonSchema, context: SchemaArbitraryContext): fc.Arbitrary<string> {
  const fromFormat = schema.format ? formatArbitrary(schema.format, context) : undefined;
  if (fromFormat) return fromFormat;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  const { pattern } = schema;
  if (pattern) {
    const upTo = schema.maxLength ?? Infinity;
    return once(`pattern:${pattern}:${minLength}:${upTo}`, () =>
      fc.stringMatching(new RegExp(pattern), { size: 'small' }).filter((text) => text.length >= minLength && text.length <= upTo),
    ) as fc.Arbitrary<string>;
  }
  return once(`text:${minLength}:${maxLength}`, () => fc.string({ unit: TEXT_CHARS, minLength, maxLength })) as fc.Arbitrary<string>;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1_000_000);
  const max = schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : 1e-6) : 1_000_000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** allOf's members folded into one node: enough for the shapes route schemas use. */
function merged(schema: JsonSchema, context: SchemaArbitraryContext): JsonSchema {
  const parts = (schema.allOf ?? []).map((part) => resolved(part, context));
  const { allOf: _allOf, ...rest } = schema;
  return parts.reduce<JsonSchema>(
    (result, part) => ({
      ...part,
      ...result,
      properties: { ...part.properties, ...result.properties },
      required: [...(part.required ?? []), ...(result.required ?? [])],
    }),
    rest,
  );
}

function resolved(schema: JsonSchema, context: SchemaArbitraryContext): JsonSchema {
  if (typeof schema.$ref === 'string') return context.resolveRef(schema.$ref) ?? {};
  return schema;
}

/**
 * Values shaped like the schema wants them: the right types, formats, patterns, enums and required
 * properties. Not always valid (a dictionary code, an `if/then`, a cross-field rule are not
 * modelled): the point is to get past the type checks and into the handlers.
 */
export function schemaArbitrary(node: unknown, context: SchemaArbitraryContext, depth = 0): fc.Arbitrary<unknown> {
  if (!isJsonSchema(node)) return fc.jsonValue({ maxDepth: 2 });
  const schema = merged(resolved(node, context), context);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(
      ...alternatives.map((alternative) =>
        schemaArbitrary({ ...schema, anyOf: undefined, oneOf: undefined, ...alternative }, context, depth),
      ),
    );
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => schemaArbitrary({ ...schema, type }, context, depth)));
  const type = schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, depth >= MAX_DEPTH ? minLength : MAX_ITEMS));
      const item = schemaArbitrary(items ?? {}, context, depth + 1);
      return schema.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((key) => Object.hasOwn(properties, key));
      // Past the depth limit only what is required, so the values stay small.
      const keys = depth >= MAX_DEPTH ? required : Object.keys(properties);
      const shapes = Object.fromEntries(keys.map((key) => [key, schemaArbitrary(properties[key], context, depth + 1)]));
      return fc.record(shapes, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
