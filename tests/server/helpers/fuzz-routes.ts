import type { FastifyInstance } from 'fastify';
import { isJsonSchema, type JsonSchema } from '../../../src/shared/schema/json-schema';
import type { RouteAccess } from '../../../src/server/plugins/route-access';

/** One route as the fuzzer sees it: read from the app, with the request schemas it documents. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Fastify's form: `/api/maps/:name`, `/*`. */
  url: string;
  access: RouteAccess;
  /** The path parameters, each with its schema (the wildcard `*` has none). */
  params: { name: string; schema: JsonSchema | undefined }[];
  /** The query string parameters with their schemas; whether unknown ones are refused is not documented. */
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema and its content types, when the route documents one. */
  body: { schema: JsonSchema; required: boolean; contentTypes: string[] } | undefined;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: unknown;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

function isMethod(method: string): method is FuzzRoute['method'] {
  return METHODS.has(method);
}

function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

/**
 * Every route the app registered (its route-access list, kept by an onRoute hook), with the request
 * schemas of its OpenAPI document (app.swagger(), createTestApp({ openapi: true })). A HEAD route
 * is its GET twin and is left out; a route the document hides (the SPA, the probes) comes without
 * schemas.
 */
export function fuzzRoutes(app: FastifyInstance): FuzzRoute[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations = new Map<string, OpenApiOperation>();
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod))
      operations.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace('{*}', '*')}`, operation);
  }
  const routes: FuzzRoute[] = [];
  const seen = new Set<string>();
  for (const { method: methods, url, access } of app.routeAccessList) {
    for (const method of methods.split(',')) {
      const key = `${method} ${url}`;
      if (!isMethod(method) || seen.has(key)) continue;
      seen.add(key);
      const operation = operations.get(key) ?? {};
      const parameters = operation.parameters ?? [];
      const schemaOf = (name: string): JsonSchema | undefined => {
        const schema = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema;
        return isJsonSchema(schema) ? schema : undefined;
      };
      const content = operation.requestBody?.content ?? {};
      const bodySchema = Object.values(content)[0]?.schema;
      routes.push({
        method,
        url,
        access,
        params: pathParamNames(url).map((name) => ({ name, schema: schemaOf(name) })),
        query: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            schema: isJsonSchema(parameter.schema) ? parameter.schema : {},
          })),
        body: isJsonSchema(bodySchema)
          ? { schema: bodySchema, required: operation.requestBody?.required === true, contentTypes: Object.keys(content) }
          : undefined,
      });
    }
  }
  return routes;
}

/** Resolves `#/components/schemas/<name>` in the document. */
export function refResolver(app: FastifyInstance): (ref: string) => JsonSchema | undefined {
  const document = app.swagger() as unknown as OpenApiDocument;
  return (ref) => {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    const schema = name === undefined ? undefined : document.components?.schemas?.[name];
    return isJsonSchema(schema) ? schema : undefined;
  };
}
