import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { pruneEmpty } from '../../../src/shared/schema/prune-empty';
import type { FuzzCase } from './fuzz-case';
import type { FuzzRoute } from './fuzz-routes';
import { toJsonText } from './hostile-values';

/** Written apart from the server's own check on purpose: a NUL, or half of a surrogate pair. */
function unstorable(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/** Whether any string or key is unstorable, or containers nest deeper than `maxDepth`; iterative, as the input may be 20,000 deep. */
function hostileIn(value: unknown, maxDepth: number): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (typeof next.value === 'string') {
      if (unstorable(next.value)) return 'an unstorable character';
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > maxDepth) return `nesting deeper than ${maxDepth}`;
    for (const [key, entry] of Object.entries(next.value)) {
      if (unstorable(key)) return 'an unstorable character in a key';
      stack.push({ value: entry, depth: next.depth + 1 });
    }
  }
  return undefined;
}

/** A query string value as the route's own conversion may read it (the GET list aliases turn digits into numbers). */
function converted(value: string | string[], schema: JsonSchema | undefined): unknown {
  if (typeof value !== 'string') return value;
  if ((schema?.type === 'integer' || schema?.type === 'number') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (schema?.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function objectSchema(entries: { name: string; required: boolean; schema: JsonSchema | undefined }[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(({ name, schema }) => [name, schema ?? {}])),
    required: entries.filter((entry) => entry.required).map(({ name }) => name),
  };
}

/**
 * Decides, without asking the server, when a request must be refused with a 4xx: a visitor on a
 * route that needs a login; an unstorable character or nesting past 64 anywhere the server reads;
 * a body that is not JSON, or malformed multipart; a part that its documented schema refuses
 * however the server may read it (as sent, with empty values pruned, an absent body as {}).
 * Anything else may succeed, and is only held to "no 5xx, no leak".
 */
export class FuzzOracle {
  private readonly ajv = createAjv();
  private readonly compiled = new Map<object, ValidateFunction | undefined>();
  /** Schemas ajv could not compile (a $ref into the document, a keyword it refuses): their parts are not judged. */
  uncompiled = 0;

  private validator(schema: JsonSchema): ValidateFunction | undefined {
    if (!this.compiled.has(schema)) {
      let validate: ValidateFunction | undefined;
      try {
        // Several routes document the same schema file: without its $id, each copy compiles on its own.
        // The x-* keywords only annotate (and the document rewrites x-messages' enum), so they go too.
        const text = JSON.stringify(schema, (key, value: unknown) => (key === '$id' || key.startsWith('x-') ? undefined : value));
        validate = text.includes('"$ref"') ? undefined : this.ajv.compile(JSON.parse(text) as JsonSchema);
      } catch {
        validate = undefined;
      }
      if (!validate) this.uncompiled += 1;
      this.compiled.set(schema, validate);
    }
    return this.compiled.get(schema);
  }

  /** True when the schema refuses every reading of the value; false when any passes or it cannot be judged. */
  private refusesAll(schema: JsonSchema, readings: unknown[]): boolean {
    const validate = this.validator(schema);
    return validate !== undefined && readings.every((reading) => !validate(reading));
  }

  private readonly schemaCache = new Map<FuzzRoute, { params: JsonSchema; query: JsonSchema }>();

  private routeSchemas(route: FuzzRoute): { params: JsonSchema; query: JsonSchema } {
    let schemas = this.schemaCache.get(route);
    if (!schemas) {
      schemas = {
        params: objectSchema(route.params.filter(({ name }) => name !== '*').map(({ name, schema }) => ({ name, required: true, schema }))),
        query: objectSchema(route.query),
      };
      this.schemaCache.set(route, schemas);
    }
    return schemas;
  }

  /** Why the case must be refused with a 4xx, or undefined when it need not be. */
  refusalExpected(route: FuzzRoute, fuzzCase: FuzzCase, visitor: boolean): string | undefined {
    if (visitor && route.access !== 'public') return 'a visitor on a route that needs a login';
    const paramValues = Object.values(fuzzCase.params);
    // A lone surrogate cannot be written in a URL as UTF-8: the path is refused, the query keeps the escapes as text.
    if (paramValues.some(unstorable)) return 'an unstorable character in the path';
    if (fuzzCase.query.some(([name, value]) => name.includes('\u0000') || value.includes('\u0000'))) return 'a NUL in the query';
    const { body } = fuzzCase;
    if (body.kind === 'multipart' && body.malformed) return 'malformed multipart';
    let bodyValue: unknown;
    if (body.kind === 'raw') {
      if (!body.contentType.startsWith('application/json') || body.contentType.includes(',') || body.contentType.includes('utf-16'))
        return undefined;
      try {
        // Fastify's parser (secure-json-parse) drops a leading byte order mark, as JSON.parse does not.
        bodyValue = JSON.parse(body.text.replace(/^\uFEFF/, ''));
      } catch {
        return 'a body that is not JSON';
      }
    } else if (body.kind === 'json') bodyValue = JSON.parse(toJsonText(body.value));
    if (body.kind === 'json' || body.kind === 'raw') {
      const hostile = hostileIn(bodyValue, 64);
      if (hostile) return `${hostile} in the body`;
    }

    const schemas = this.routeSchemas(route);
    if (route.params.some(({ schema }) => schema) && this.refusesAll(schemas.params, [fuzzCase.params])) return 'params the schema refuses';
    if (route.query.length > 0 && !fuzzCase.query.some(([name, value]) => unstorable(name) || unstorable(value))) {
      const asSent: Record<string, string | string[]> = {};
      for (const [name, value] of fuzzCase.query) {
        const before = asSent[name];
        asSent[name] = before === undefined ? value : [...[before].flat(), value];
      }
      const schemaOf = (name: string): JsonSchema | undefined => route.query.find((parameter) => parameter.name === name)?.schema;
      const asRead = Object.fromEntries(Object.entries(asSent).map(([name, value]) => [name, converted(value, schemaOf(name))]));
      if (this.refusesAll(schemas.query, [asSent, asRead])) return 'a query the schema refuses';
    }
    if (route.body && (body.kind === 'json' || body.kind === 'raw' || body.kind === 'none')) {
      const readings = [bodyValue, pruneEmpty(bodyValue), ...(bodyValue === undefined || bodyValue === null ? [{}] : [])];
      if (this.refusesAll(route.body.schema, readings)) return 'a body the schema refuses';
    }
    return undefined;
  }
}
